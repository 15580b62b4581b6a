// The one place a failure becomes words a person reads (issue 26): no "Network Error", no JSON, no
// stack on any screen. A call that got no answer says what it needs (a connection); a 5xx says it is
// ours and gives its request id to quote; a refusal (4xx) shows the server's own message.
import { AxiosError } from 'axios';
import { ApiFailure, toFailure } from './client.ts';

/** "Sending needs a connection." (also shown beside a button that is disabled offline). */
export const needsConnection = (what: string) => `${what} needs a connection.`;

const NO_ANSWER = 'Check that you are online, then try again.';
const SOMETHING_WRONG = 'Something went wrong. Please try again.';

export const serverFault = (requestId?: string) =>
  requestId
    ? `Something went wrong on our side (request ${requestId}). Please try again later; if it keeps happening, report it with that request id.`
    : 'Something went wrong on our side. Please try again later.';

// What browsers say when a fetch gets no answer (Chromium, Firefox, Safari).
const FETCH_FAILED = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network Error)$/i;

/** The failure of a call, or undefined for an error that is no call's (ours, with words of its own). */
function callFailure(err: unknown): ApiFailure | undefined {
  if (err instanceof ApiFailure) return err;
  if (err instanceof AxiosError) return toFailure(err);
  if (err instanceof TypeError && FETCH_FAILED.test(err.message)) return new ApiFailure(err.message, undefined);
  return undefined;
}

const requestIdOf = (f: ApiFailure) => {
  const id = (f.body as { request_id?: unknown } | undefined)?.request_id;
  return typeof id === 'string' && id ? id : undefined;
};

/**
 * What a failed action says. `what` names the action for the network case ("Downloading the images"
 * → "Downloading the images needs a connection. Check that you are online, then try again.").
 */
export function failureText(err: unknown, what: string): string {
  const f = callFailure(err);
  if (f?.network) return `${needsConnection(what)} ${NO_ANSWER}`;
  if (f && f.status! >= 500) return serverFault(requestIdOf(f));
  if (f) return f.firstFieldMessage || f.message || SOMETHING_WRONG;
  if (err instanceof Error && err.message && !/^\s*[[{]/.test(err.message)) return err.message;
  return SOMETHING_WRONG;
}
