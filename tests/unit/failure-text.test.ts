// Every failure a person reads goes through failureText: no "Network Error", no JSON, no stack.
import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/client.ts';
import { failureText, needsConnection, serverFault } from '../../src/api/failure-text.ts';

const answered = (status: number, data: unknown) =>
  new AxiosError('Request failed', 'ERR_BAD_RESPONSE', undefined, undefined, { status, data } as AxiosResponse);

describe('failureText', () => {
  it('a call without an answer says the action needs a connection', () => {
    const words = 'Downloading the images needs a connection. Check that you are online, then try again.';
    expect(failureText(new ApiFailure('Network Error', undefined), 'Downloading the images')).toBe(words);
    expect(failureText(new AxiosError('Network Error', 'ERR_NETWORK'), 'Downloading the images')).toBe(words);
    expect(failureText(new TypeError('Failed to fetch'), 'Downloading the images')).toBe(words);
    expect(needsConnection('Sending')).toBe('Sending needs a connection.');
  });

  it('a 5xx says it is ours, with its request id when the server gave one', () => {
    expect(
      failureText(new ApiFailure('Internal server error.', 500, undefined, { success: false, request_id: 'req-9' }), 'Saving'),
    ).toBe(serverFault('req-9'));
    expect(serverFault('req-9')).toContain('(request req-9)');
    expect(failureText(answered(502, '<html>Bad gateway</html>'), 'Saving')).toBe(serverFault());
  });

  it('a refusal shows the server’s message: the first field’s, else the message', () => {
    expect(
      failureText(new ApiFailure('The given data was invalid.', 422, { name: ['The name field is required.'] }), 'Saving'),
    ).toBe('The name field is required.');
    expect(failureText(answered(404, { success: false, message: 'Not found.' }), 'Saving')).toBe('Not found.');
  });

  it('our own errors keep their words; anything else (JSON, nothing) becomes a plain sentence', () => {
    expect(failureText(new Error('The render worker failed: out of memory'), 'Downloading')).toBe(
      'The render worker failed: out of memory',
    );
    expect(failureText(new Error('{"success":false}'), 'Downloading')).toBe('Something went wrong. Please try again.');
    expect(failureText('boom', 'Downloading')).toBe('Something went wrong. Please try again.');
  });
});
