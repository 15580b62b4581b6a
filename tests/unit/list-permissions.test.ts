// The mirror's lists ask the server only for what the user may read (issue 43: a user without
// reader-template-access got a 403 for the templates list on every sync). Each list names the slugs
// that let a user read it; they must be its contract entry's permission, so neither can drift.
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/api/contract/index.ts';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { LISTS } from '../../src/data/pull/sync-lists.ts';

const entryOf = (name: string): Endpoint => {
  const [group, call] = name.split('.') as [keyof typeof contract, string];
  return (contract[group] as Record<string, Endpoint>)[call]!;
};

describe('the lists a sync pulls', () => {
  it('each names the permission of its contract entry', () => {
    for (const spec of LISTS) {
      const e = entryOf(spec.entry);
      expect(e.alsoRequires, spec.name).toBeUndefined();
      expect([...(spec.needs ?? [])].sort(), spec.name).toEqual([...(e.permission ?? [])].sort());
    }
  });
});
