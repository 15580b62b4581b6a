// METRICS_PORT and SHUTDOWN_TIMEOUT_MS as server/config.ts reads them.
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

it('METRICS_PORT: unset or empty is no metrics; a port number is taken; anything else stops the start', () => {
  expect(loadConfig({}).metricsPort).toBeUndefined();
  expect(loadConfig({ METRICS_PORT: ' ' }).metricsPort).toBeUndefined();
  expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  for (const bad of ['abc', '70000', '-1', '94.5'])
    expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT must be a port number/);
});

it('SHUTDOWN_TIMEOUT_MS: 25 s by default, 0 allowed, nonsense falls back to the default', () => {
  expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
  expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }).shutdownTimeoutMs).toBe(0);
  expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000);
  expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' }).shutdownTimeoutMs).toBe(25_000);
  expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '-3' }).shutdownTimeoutMs).toBe(25_000);
});
