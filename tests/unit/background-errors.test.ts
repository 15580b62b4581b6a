// Background checks that fail because the browser is offline log nothing as an error;
// real server errors still do.
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOfflineFailure, logBackgroundFailure } from '../../src/api/background-errors.ts';
import { ApiFailure } from '../../src/api/client.ts';

const config = { headers: {} } as InternalAxiosRequestConfig;
const networkError = () => new AxiosError('Network Error', 'ERR_NETWORK', config);
const serverError = (status: number) =>
  new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, undefined, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { success: false, message: 'Boom' },
  } as AxiosResponse);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('background failures', () => {
  it('a network error (no answer) is offline, a server answer is not', () => {
    expect(isOfflineFailure(networkError())).toBe(true);
    expect(isOfflineFailure(new ApiFailure('Network Error', undefined))).toBe(true);
    expect(isOfflineFailure(serverError(500))).toBe(false);
    expect(isOfflineFailure(serverError(403))).toBe(false);
  });

  it('anything that fails while navigator.onLine is false counts as offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOfflineFailure(serverError(500))).toBe(true);
    expect(isOfflineFailure(new Error('whatever'))).toBe(true);
  });

  it('logs offline failures at debug level only, and real errors as errors', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    logBackgroundFailure('have_access failed', networkError());
    vi.stubGlobal('navigator', { onLine: false });
    logBackgroundFailure('Terms version check failed', new Error('Failed to fetch'));
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
    logBackgroundFailure('have_access failed', serverError(500));
    expect(error).toHaveBeenCalledWith('have_access failed', expect.any(AxiosError));
  });
});
