// Schema numbers (issue 41). The server's SQL migrations are applied once each, in the order of their
// names (server/db/migrate.ts), so no two may share a number. The device database's Dexie versions
// (src/data/local/db.ts) go up in the order declared; each is frozen in tests/data/schema-fixtures.ts as
// declared, and each after the first has its upgrade test under tests/data: a database of the version
// before, holding queued entries, upgraded to it. An upgrade test says which it is in its first lines:
// "Dexie version <previous> -> <version>" (or "-> the <name> version <version>").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSIONS } from '../../src/data/local/db.ts';
import { RELEASED } from '../data/schema-fixtures.ts';

const MIGRATIONS = 'server/db/migrations';
const DATA_TESTS = 'tests/data';

describe('SQL migrations (server/db/migrations)', () => {
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
  const prefix = (file: string) => /^(\d+)_/.exec(file)?.[1];

  it('each starts with its number and an underscore, every number written with the same width', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => prefix(f) === undefined)).toEqual([]);
    // Names sort as their numbers do only when every number has the same number of digits.
    expect(new Set(files.map((f) => prefix(f)?.length)).size).toBe(1);
  });

  it('no two share a number', () => {
    const byNumber = new Map<number, string[]>();
    for (const f of files) {
      const n = Number(prefix(f));
      byNumber.set(n, [...(byNumber.get(n) ?? []), f]);
    }
    expect([...byNumber.values()].filter((names) => names.length > 1)).toEqual([]);
  });
});

/** What a data test's first comment lines say it upgrades: [previous version, version] pairs. */
function upgradesIn(text: string): [number, number][] {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, ''));
  }
  const header = lines.join(' ');
  return [...header.matchAll(/Dexie version (\d+)(?: \([^)]*\))? -> (?:the [\w-]+ version )?(\d+)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
}

describe('Dexie versions (src/data/local/db.ts)', () => {
  const versions = SCHEMA_VERSIONS.map((v) => v.version);

  it('are declared in strictly increasing order', () => {
    expect(versions.length).toBeGreaterThan(0);
    for (let i = 1; i < versions.length; i++)
      expect(versions[i], `the version after ${versions[i - 1]}`).toBeGreaterThan(versions[i - 1]!);
  });

  it('are each frozen in tests/data/schema-fixtures.ts, as declared', () => {
    expect(Object.keys(RELEASED).map(Number)).toEqual(versions);
    for (const v of SCHEMA_VERSIONS) expect(RELEASED[v.version], `version ${v.version}`).toEqual(v.stores);
  });

  it('each after the first has its upgrade test from the one before, with queued entries', () => {
    const tests = readdirSync(DATA_TESTS)
      .filter((f) => f.endsWith('.test.ts'))
      .map((file) => ({ file, text: readFileSync(join(DATA_TESTS, file), 'utf8') }))
      .map((t) => ({ ...t, upgrades: upgradesIn(t.text) }))
      .filter((t) => t.upgrades.length);
    const missing: string[] = [];
    for (let i = 1; i < versions.length; i++) {
      const [previous, version] = [versions[i - 1]!, versions[i]!];
      const found = tests.filter((t) => t.upgrades.some(([from, to]) => from === previous && to === version));
      if (!found.length)
        missing.push(`${previous} -> ${version}: no test under ${DATA_TESTS} says "Dexie version ${previous} -> ${version}"`);
      for (const t of found) {
        // It opens a database of the earlier release, queues entries in it, and looks at the upgraded version.
        if (!/oldDatabase\(|\.version\(\d+\)/.test(t.text)) missing.push(`${t.file}: opens no database of an earlier version`);
        if (!t.text.includes('outbox')) missing.push(`${t.file}: holds no queued (outbox) entries`);
        if (!t.text.includes('verno')) missing.push(`${t.file}: never checks the upgraded version (verno)`);
      }
    }
    expect(missing).toEqual([]);
  });
});
