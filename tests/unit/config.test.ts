// SEED_DEMO: the demo on the embedded database unless told otherwise, never by default on PostgreSQL; DEMO_LAYER_PX: its layers' size.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseDemoLayerPx, parseSeedDemo } from '../../server/config.ts';

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

describe('DEMO_LAYER_PX', () => {
  it('defaults to 2400 px, the demo `npm start` seeds, and reads a whole number in range', () => {
    expect(loadConfig({}).demoLayerPx).toBe(2400);
    expect(loadConfig({ DEMO_LAYER_PX: ' ' }).demoLayerPx).toBe(2400);
    expect(loadConfig({ DEMO_LAYER_PX: '480' }).demoLayerPx).toBe(480);
    for (const v of ['240', ' 4800 ']) expect(parseDemoLayerPx(v)).toBe(Number(v));
  });

  it('stops on anything else rather than seed a demo of another size', () => {
    for (const v of ['239', '4801', '600.5', '2400px', 'big', '-480']) {
      expect(() => loadConfig({ DEMO_LAYER_PX: v })).toThrow(
        `DEMO_LAYER_PX must be a whole number of pixels from 240 to 4800 (got "${v}")`,
      );
    }
  });
});
