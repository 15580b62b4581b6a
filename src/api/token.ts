// The session token lives in the user_token cookie (document 1 §7): the secret part, 60 days.
const COOKIE = 'user_token';
const DAYS = 60;

export function readToken(): string | undefined {
  if (typeof document === 'undefined') return memoryToken;
  const m = new RegExp(`(?:^|; )${COOKIE}=([^;]*)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : memoryToken;
}

/** Takes the login response's "<id>|<secret>" and keeps the part after '|'. */
export function storeToken(token: string): void {
  const secret = token.includes('|') ? token.slice(token.indexOf('|') + 1) : token;
  memoryToken = secret;
  if (typeof document === 'undefined') return;
  const expires = new Date(Date.now() + DAYS * 86400_000).toUTCString();
  document.cookie = `${COOKIE}=${encodeURIComponent(secret)}; expires=${expires}; path=/; SameSite=Lax${secure()}`;
}

export function clearToken(): void {
  memoryToken = undefined;
  if (typeof document !== 'undefined')
    document.cookie = `${COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax${secure()}`;
}

/** Over https the cookie never travels on plain http (document 1 needs it readable by the page, so not HttpOnly). */
const secure = () => (typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '');

// Outside a browser (data-layer tests) the token is held in memory only.
let memoryToken: string | undefined;
