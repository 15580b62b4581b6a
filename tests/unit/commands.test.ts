// The outbox's commands: each is sent with its contract entry's method, path and file part, and a
// call stored by Dexie version 8 (a method and a URL) becomes that command, or stays a legacy call.
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/api/contract/index.ts';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { COMMANDS, commandFromPath, routeOf } from '../../src/data/local/commands.ts';
import { rewriteCall } from '../../src/data/local/tempids.ts';

const entry = (name: string) => {
  const [group, key] = name.split('.') as [keyof typeof contract, string];
  return (contract[group] as Record<string, Endpoint>)[key]!;
};

describe('commands', () => {
  it.each(COMMANDS)('%s is sent as its contract entry', (command) => {
    const e = entry(command);
    expect(routeOf({ command } as never)).toEqual({
      method: e.method,
      path: e.path,
      ...(e.files && { file: Object.keys(e.files)[0] }),
    });
  });

  it('maps a version 8 call to its command, keeping its fields and Blob', () => {
    expect(
      commandFromPath({
        method: 'POST',
        path: '/posts/product/resource/store',
        body: { id_product: -5 },
        upload: { field: 'image', blobId: 3 },
      }),
    ).toEqual({ command: 'productInfo.imageStore', body: { id_product: -5 }, upload: { blobId: 3 } });
    expect(
      commandFromPath({
        method: 'PUT',
        path: '/puts/product/automation/vignette/config/edit',
        body: { id_product_config: 9, id_product: 2, id_customer: 1, shadow: 4 },
      }),
    ).toEqual({ command: 'vignette.edit', body: { id_product_config: 9, id_product: 2, id_customer: 1, shadow: 4 } });
    expect(
      commandFromPath({ method: 'DELETE', path: '/deletes/product/squedule', query: { id_product: 4, id_customer: 1 } }),
    ).toEqual({ command: 'products.remove', query: { id_product: 4, id_customer: 1 } });
  });

  it('keeps a call it cannot map as a legacy call, sent as it was', () => {
    const unknown = { method: 'POST' as const, path: '/posts/product/retired/store', body: { id_product: 4 } };
    expect(commandFromPath(unknown)).toEqual({ ...unknown, command: 'legacy' });
    expect(routeOf(commandFromPath(unknown))).toEqual({ method: 'POST', path: '/posts/product/retired/store', file: undefined });
    // Same path, another method, or another file part: not the entry.
    expect(commandFromPath({ method: 'PUT', path: '/posts/product/store' }).command).toBe('legacy');
    expect(
      commandFromPath({ method: 'POST', path: '/posts/product/asset/store', upload: { field: 'image', blobId: 1 } }).command,
    ).toBe('legacy');
  });

  it("rewrites a temp id inside a bulk call's arrays and nested action, and nothing else", () => {
    const temp = -1_700_000_000_000_001;
    const call = {
      command: 'productBulk.apply' as const,
      body: { id_customer: 3, ids: [5, temp, 7], action: { kind: 'removeTags' as const, tags: [temp, 9] } },
    };
    expect(rewriteCall(call, temp, 42)).toEqual({
      command: 'productBulk.apply',
      body: { id_customer: 3, ids: [5, 42, 7], action: { kind: 'removeTags', tags: [42, 9] } },
    });
    expect(call.body.ids).toEqual([5, temp, 7]); // the queued call itself is not changed in place
  });
});
