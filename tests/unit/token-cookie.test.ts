// The session cookie (issue 40): Secure over https, never over plain http (where a Secure cookie would
// not be kept at all); SameSite=Lax and the whole site's path either way. The page reads it (document 1).
import { afterEach, expect, it, vi } from 'vitest';
import { clearToken, readToken, storeToken } from '../../src/api/token.ts';

/** A document whose cookie setter records what the page wrote, and a location of the given protocol. */
function browserAt(protocol: 'https:' | 'http:') {
  const written: string[] = [];
  let jar = '';
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return jar;
    },
    set cookie(v: string) {
      written.push(v);
      jar = v.split(';')[0]!;
    },
  });
  return written;
}
afterEach(() => vi.unstubAllGlobals());

it('is Secure over https, with SameSite=Lax on the whole site, and keeps only the secret part', () => {
  const written = browserAt('https:');
  storeToken('12|s3cr3t');
  expect(written[0]).toMatch(/^user_token=s3cr3t; expires=.+; path=\/; SameSite=Lax; Secure$/);
  expect(readToken()).toBe('s3cr3t');
  clearToken();
  expect(written[1]).toMatch(/^user_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=\/; SameSite=Lax; Secure$/);
});

it('is not Secure over plain http (a local portal), which would drop it', () => {
  const written = browserAt('http:');
  storeToken('12|s3cr3t');
  expect(written[0]).not.toContain('Secure');
  expect(written[0]).toContain('SameSite=Lax');
});
