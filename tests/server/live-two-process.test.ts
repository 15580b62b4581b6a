// The live channel across server processes (issue 44): two real processes (`tsx server/main.ts`) on one
// PostgreSQL; a stream held by A hears of writes answered by B (LISTEN/NOTIFY), presence crosses too, and
// on SIGTERM A tells its streams to reconnect before anything else, so a client moves on to B.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens.ts';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { call } from '../support/http.ts';
import { openLive, type LiveStream } from '../support/live-stream.ts';
import { serverProcesses, type ServerProcess } from '../support/processes.ts';
import { copySeededPostgres, dbKind } from '../support/server.ts';

describe.skipIf(dbKind() !== 'postgres')('the live channel across two server processes', () => {
  let copy: Awaited<ReturnType<typeof copySeededPostgres>>;
  let cluster: Awaited<ReturnType<typeof serverProcesses>>;
  let db: Db;
  let A: ServerProcess;
  let B: ServerProcess;
  let acme: number;
  let product: number;
  const streams: LiveStream[] = [];

  const tokenOf = async (email: string) => {
    const u = await db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    return (await issueToken(db, u!.id)).split('|')[1]!;
  };
  const live = async (p: ServerProcess, token: string) => {
    const st = await openLive(p.api, token, [acme]);
    streams.push(st);
    expect(st.status).toBe(200);
    return st;
  };

  beforeAll(async () => {
    copy = await copySeededPostgres();
    db = await openPostgres(copy.url);
    cluster = await serverProcesses(['A', 'B'], { DATABASE_URL: copy.url, WORKERS_IN_PROCESS: '0' });
    [A, B] = cluster.servers as [ServerProcess, ServerProcess];
    acme = (await db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
    product = (await db.one<{ id: number }>('SELECT id FROM products WHERE customer_id = $1 AND deleted_at IS NULL LIMIT 1', [
      acme,
    ]))!.id;
  }, 120_000);
  afterAll(async () => {
    for (const st of streams) st.close();
    await cluster?.close();
    await db?.close();
    await copy?.drop();
  });

  it('a stream on A gets the poke of a rename answered by B, naming who did it', async () => {
    const viewer = await tokenOf('viewer@acme.test');
    const manager = await tokenOf('manager@acme.test');
    const st = await live(A, viewer);
    const r = await call(B, 'PUT', '/puts/product/edit', { token: manager, body: { id_product: product, name: 'Renamed on B' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await st.next((e) => e.type === 'poke' && e.kind === 'products')).toMatchObject({
      company: acme,
      ids: [product],
      version: r.body.product.updated_at,
      by: { name: 'Alice Manager' },
    });
  });

  it('presence reported to B reaches the others on the page through A', async () => {
    const manager = await tokenOf('manager@acme.test');
    const viewer = await tokenOf('viewer@acme.test');
    const st = await live(A, manager);
    const page = `product:${product}`;
    expect((await call(A, 'POST', '/api/live/presence', { token: manager, body: { company: acme, page } })).status).toBe(200);
    expect((await call(B, 'POST', '/api/live/presence', { token: viewer, body: { company: acme, page } })).status).toBe(200);
    const both = await st.next((e) => e.type === 'presence' && e.page === page && e.people.length === 2);
    expect(both).toMatchObject({ people: [{ name: 'Alice Manager' }, { name: 'Victor Viewer' }] });
  });

  it('SIGTERM: A says bye with a hint to reconnect first; the client continues on B', async () => {
    const viewer = await tokenOf('viewer@acme.test');
    const manager = await tokenOf('manager@acme.test');
    const onA = await live(A, viewer);
    A.kill('SIGTERM');
    expect(await onA.next((e) => e.type === 'bye')).toEqual({ type: 'bye', reconnect: true, reason: 'shutdown' });
    await onA.ended;
    const onB = await live(B, viewer);
    await call(B, 'PUT', '/puts/product/edit', { token: manager, body: { id_product: product, name: 'After A stopped' } });
    await onB.next((e) => e.type === 'poke' && e.kind === 'products');
    expect(await A.exited()).toBe(0);
  });
});
