// SEED_DEMO: the demo on the embedded database unless told otherwise, never by default on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseSeedDemo } from '../../server/config.ts';

const PG = 'postgres://facet@db.internal/facet';

describe('SEED_DEMO', () => {
  it('defaults to true on the embedded database and false with DATABASE_URL', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: PG }).seedDemo).toBe(false);
    // An empty DATABASE_URL is unset: the embedded database.
    expect(loadConfig({ DATABASE_URL: '', SEED_DEMO: '' }).seedDemo).toBe(true);
  });

  it('reads true/false/1/0 (any case, spaces around) over the default', () => {
    for (const v of ['true', 'TRUE', ' 1 ']) expect(parseSeedDemo(v, PG)).toBe(true);
    for (const v of ['false', 'False', '0']) expect(parseSeedDemo(v, undefined)).toBe(false);
    expect(loadConfig({ DATABASE_URL: PG, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('stops on any other value rather than guess', () => {
    for (const v of ['yes', 'no', 'flase', '2']) {
      expect(() => loadConfig({ DATABASE_URL: PG, SEED_DEMO: v })).toThrow(`SEED_DEMO must be true, false, 1 or 0 (got "${v}")`);
    }
  });
});
