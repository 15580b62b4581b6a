// The live channel (issue 44) on a real server: who gets which event (the tenancy and permission matrix),
// one poke per statement, rights changing under an open stream, the connection bound, and the server's
// own log of what it sent on each stream. Nothing waits for time: every wait is for an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/api/contract/live.ts';
import { frameProgress } from '../../server/live/progress.ts';
import { registry } from '../../server/metrics/registry.ts';
import { call } from '../support/http.ts';
import { barrier, openLive, pokes, type LiveStream } from '../support/live-stream.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { makeMember, makeRole, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
let product: number;
const open: LiveStream[] = [];

const live = async (token: string | undefined, companies: number[] | string) => {
  const stream = await openLive(s.api, token, companies);
  open.push(stream);
  return stream;
};
const rename = (token: string, id: number, name: string) =>
  call(s, 'PUT', '/puts/product/edit', { token, body: { id_product: id, name } });

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  product = (await s.db.one<{ id: number }>('SELECT id FROM products WHERE customer_id = $1 AND deleted_at IS NULL LIMIT 1', [
    w.acme,
  ]))!.id;
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await s.close();
});

describe('the stream', () => {
  it('is Server-Sent Events with the bearer header: never compressed or cached, the API headers kept, a hello first', async () => {
    const st = await live(w.tok.acme, [w.acme]);
    expect(st.status).toBe(200);
    expect(st.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(st.headers.get('content-encoding')).toBeNull();
    expect(st.headers.get('cache-control')).toBe('no-store');
    expect(st.headers.get('x-accel-buffering')).toBe('no');
    expect(st.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(st.events[0]).toEqual({ type: 'hello', connection: st.connection });
    expect(s.app.services.live.sent(st.connection)?.[0]?.event).toEqual(st.events[0]);
  });

  it('refuses no token, a token in the URL, a company not the caller’s, and -1 to a non-staff', async () => {
    expect((await live(undefined, [w.acme])).status).toBe(401);
    const inUrl = await fetch(`${s.api}/api/live?companies=${w.acme}&access_token=${w.tok.acme}`);
    expect(inUrl.status).toBe(401);
    const foreign = await live(w.tok.borealis, [w.acme]);
    expect(foreign.status).toBe(403);
    expect(foreign.refusal).toEqual({ success: false, message: 'You do not belong to this company.' });
    expect((await live(w.tok.acme, [-1])).status).toBe(403);
    const bad = await live(w.tok.acme, 'acme');
    expect(bad.status).toBe(422);
    expect(bad.refusal?.message).toBe('The companies field must be a comma list of company ids.');
  });
});

describe('who gets a change', () => {
  it('a rename reaches the company’s readers and the staff who named it; not another company, a user without the list’s permission, or staff in -1', async () => {
    const noInfo = await makeMember(s, w.acme, await makeRole(s, w.acme, ['dashboard-access']));
    const manager = await live(w.tok.acme, [w.acme]);
    const viewer = await live(w.tok.viewer, [w.acme]);
    const blind = await live(noInfo.token, [w.acme]);
    const other = await live(w.tok.borealis, [w.borealis]);
    const staffOwn = await live(w.tok.staff, [-1]);
    const staffAcme = await live(w.tok.staff, [w.acme]);
    const r = await rename(w.tok.acme, product, 'Live rename');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = {
      type: 'poke',
      company: w.acme,
      kind: 'products',
      ids: [product],
      version: r.body.product.updated_at,
      by: { id: w.user.acme, name: 'Alice Manager' },
    };
    for (const st of [manager, viewer, staffAcme]) {
      expect(await st.next((e) => e.type === 'poke' && e.kind === 'products')).toEqual(expected);
    }
    await barrier(s.db, [
      { stream: blind, user: noInfo.id },
      { stream: other, user: w.user.borealis },
      { stream: staffOwn, user: w.user.staff },
    ]);
    for (const st of [blind, other, staffOwn]) expect(pokes(st, 'products')).toEqual([]);
    // The server's own log says the same of what reached whom.
    const logged = (st: LiveStream) =>
      s.app.services.live.sent(st.connection)!.filter((x) => x.event.type === 'poke' && x.event.kind === 'products');
    expect(logged(viewer).map((x) => x.event)).toEqual([expected]);
    expect(logged(other)).toEqual([]);
  });

  it('a bulk update of many products is one poke without ids', async () => {
    const ids = (
      await s.db.query<{ id: number }>('SELECT id FROM products WHERE customer_id = $1 AND deleted_at IS NULL LIMIT 60', [w.acme])
    ).map((r) => r.id);
    expect(ids.length).toBe(60);
    const st = await live(w.tok.viewer, [w.acme]);
    const r = await call(s, 'POST', '/posts/product/bulk', {
      token: w.tok.acme,
      body: { id_customer: w.acme, ids, action: { kind: 'setCollection', collection: 'Live bulk' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await barrier(s.db, [{ stream: st, user: w.user.viewer }]);
    expect(pokes(st, 'products')).toEqual([
      { type: 'poke', company: w.acme, kind: 'products', by: { id: w.user.acme, name: 'Alice Manager' } },
    ]);
  });

  it('a saved view is its owner’s alone; a template of the company reaches who may read templates', async () => {
    const manager = await live(w.tok.acme, [w.acme]);
    const viewer = await live(w.tok.viewer, [w.acme]);
    const saved = await call(s, 'POST', '/posts/saved-views/store', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: `Live view ${Date.now()}`, query: 'section=all' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const own = await manager.next((e) => e.type === 'poke' && e.kind === 'savedViews');
    expect(own).toMatchObject({ company: w.acme, ids: [saved.body.view.id], version: saved.body.view.updated_at });
    await barrier(s.db, [{ stream: viewer, user: w.user.viewer }]);
    expect(pokes(viewer, 'savedViews')).toEqual([]);

    const blind = await makeMember(s, w.acme, await makeRole(s, w.acme, ['reader-info-access']));
    const noTemplates = await live(blind.token, [w.acme]);
    const other = await live(w.tok.borealis, [w.borealis]);
    const add = (company: number | null, shared: 0 | 1) =>
      s.db.one<{ id: number }>(
        `INSERT INTO templates (customer_id, name, public, image_name, image_thumb) VALUES ($1, 'Live room', $2, 'a.png', 'a.png') RETURNING id`,
        [company, shared],
      );
    const company = (await add(w.acme, 0))!.id;
    expect(await viewer.next((e) => e.type === 'poke' && e.kind === 'templates')).toMatchObject({
      company: w.acme,
      ids: [company],
    });
    // A shared template is every company's: Borealis hears of it too, under its own id.
    const shared = (await add(null, 1))!.id;
    expect(await other.next((e) => e.type === 'poke' && e.kind === 'templates')).toMatchObject({
      company: w.borealis,
      ids: [shared],
    });
    await barrier(s.db, [
      { stream: noTemplates, user: blind.id },
      { stream: other, user: w.user.borealis },
    ]);
    expect(pokes(noTemplates, 'templates')).toEqual([]);
    expect(pokes(other, 'templates').length).toBe(1);
  });

  it('an export’s progress goes to its owner, at most a tick per half second, and its state changes at once', async () => {
    const manager = await live(w.tok.acme, [w.acme]);
    const viewer = await live(w.tok.viewer, [w.acme]);
    const row = (await s.db.one<{ id: number }>(
      `INSERT INTO exports (customer_id, product_id, preset_version, section, preset, retailer_id, spec, total, token, email, created_by)
       VALUES ($1, $2, 1, 'silo', '{}', 0, '{}', 40, $3, 'a@b.test', $4) RETURNING id`,
      [w.acme, product, `live-${Date.now()}`, w.user.acme],
    ))!.id;
    await s.db.query(`UPDATE exports SET status = 'rendering' WHERE id = $1`, [row]);
    for (let i = 1; i <= 40; i++) await s.db.query('UPDATE exports SET progress = $2 WHERE id = $1', [row, i]);
    await s.db.query(`UPDATE exports SET status = 'ready' WHERE id = $1`, [row]);
    const ready = await manager.next((e) => e.type === 'progress' && e.state === 'ready');
    expect(ready).toEqual({
      type: 'progress',
      company: w.acme,
      job: 'export',
      id: row,
      product,
      state: 'ready',
      done: 40,
      total: 40,
    });
    const ticks = manager.events.filter((e) => e.type === 'progress' && e.state === 'rendering');
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(ticks.length).toBeLessThan(40);
    expect(manager.events.some((e) => e.type === 'progress' && e.state === 'queued')).toBe(true);
    // The list itself is poked on a state change only, never for a tick.
    expect(pokes(manager, 'exports').length).toBe(3);
    await barrier(s.db, [{ stream: viewer, user: w.user.viewer }]);
    expect(viewer.events.filter((e) => e.type === 'progress' || (e.type === 'poke' && e.kind === 'exports'))).toEqual([]);
  });

  it('a frame set’s progress reaches who may see the product’s imagery, the ticks gathered to the latest', async () => {
    const viewer = await live(w.tok.viewer, [w.acme]);
    const blind = await makeMember(s, w.acme, await makeRole(s, w.acme, ['reader-info-access']));
    const noImagery = await live(blind.token, [w.acme]);
    const spin = (await s.db.one<{ id: number; product_id: number }>(
      `SELECT pp.id, pp.product_id FROM product_presets pp JOIN products p ON p.id = pp.product_id
        WHERE p.customer_id = $1 AND pp.section = '360' LIMIT 1`,
      [w.acme],
    ))!;
    const set = (await s.db.one<{ id: number }>(
      `INSERT INTO frame_sets (product_id, preset_id, stamp, folder, widths) VALUES ($1, $2, $3, $3, '{160}') RETURNING id`,
      [spin.product_id, spin.id, `spins/live-${Date.now()}`],
    ))!.id;
    const frames = { type: 'progress', company: w.acme, job: 'frames', id: set, product: spin.product_id };
    expect(await viewer.next((e) => e.type === 'progress' && e.id === set)).toEqual({ ...frames, state: 'rendering' });
    const tick = await frameProgress(s.db, { id: set, product_id: spin.product_id });
    tick(1, 10);
    tick(10, 10);
    expect(await viewer.next((e) => e.type === 'progress' && e.done === 10)).toEqual({
      ...frames,
      state: 'rendering',
      done: 10,
      total: 10,
    });
    expect(viewer.events.some((e) => e.type === 'progress' && e.done === 1)).toBe(false);
    await s.db.query(`UPDATE frame_sets SET status = 'ready' WHERE id = $1`, [set]);
    expect(await viewer.next((e) => e.type === 'progress' && e.state === 'ready')).toEqual({ ...frames, state: 'ready' });
    expect(await viewer.next((e) => e.type === 'poke' && e.kind === 'uploads')).toMatchObject({ ids: [spin.product_id] });
    await barrier(s.db, [{ stream: noImagery, user: blind.id }]);
    expect(noImagery.events.filter((e) => e.type === 'progress' || (e.type === 'poke' && e.kind === 'uploads'))).toEqual([]);
  });
});

describe('rights changing under an open stream', () => {
  it('a role without the list’s permission re-scopes the stream: a me poke, then no more products', async () => {
    const person = await makeMember(s, w.acme, w.viewerRole);
    const st = await live(person.token, [w.acme]);
    await rename(w.tok.acme, product, 'Before the role change');
    await st.next((e) => e.type === 'poke' && e.kind === 'products');
    const role = await makeRole(s, w.acme, ['dashboard-access']);
    const r = await call(s, 'PUT', '/user/role', {
      token: w.tok.acme,
      body: { id_role: role, id_customer: w.acme, id_user: person.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await st.next((e) => e.type === 'poke' && e.kind === 'me' && e.company === w.acme);
    await rename(w.tok.acme, product, 'After the role change');
    await barrier(s.db, [{ stream: st, user: person.id }]);
    expect(pokes(st, 'products').length).toBe(1);
  });

  it('a permission taken from a role pokes its holders’ menus', async () => {
    const role = await makeRole(s, w.acme, ['reader-info-access', 'dashboard-access']);
    const person = await makeMember(s, w.acme, role);
    const st = await live(person.token, [w.acme]);
    await s.db.query(`DELETE FROM role_privileges WHERE role_id = $1 AND slug = 'reader-info-access'`, [role]);
    await st.next((e) => e.type === 'poke' && e.kind === 'me' && e.company === 0);
    await rename(w.tok.acme, product, 'After the permission went');
    await barrier(s.db, [{ stream: st, user: person.id }]);
    expect(pokes(st, 'products')).toEqual([]);
  });

  it('a disabled account and an ended token close the stream with a bye', async () => {
    const person = await makeMember(s, w.acme, w.viewerRole);
    const st = await live(person.token, [w.acme]);
    const r = await call(s, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: person.id, id_customer: w.acme } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await st.next((e) => e.type === 'bye')).toEqual({ type: 'bye', reconnect: false, reason: 'signed-out' });
    await st.ended;
    expect(await s.app.services.live.whenClosed(st.connection)).toBe('signed-out');

    // Logout ends the token (here: its row goes, as an ended session's does).
    const other = await makeMember(s, w.acme, w.viewerRole);
    const st2 = await live(other.token, [w.acme]);
    await s.db.query('DELETE FROM access_tokens WHERE user_id = $1', [other.id]);
    expect(await st2.next((e) => e.type === 'bye')).toMatchObject({ reconnect: false });
    await st2.ended;
  });
});

describe('bounds', () => {
  it('an account holds at most ten streams: the eleventh is refused with 429 until one closes', async () => {
    const person = await makeMember(s, w.acme, w.viewerRole);
    const ten = await Promise.all(Array.from({ length: 10 }, () => live(person.token, [w.acme])));
    expect(ten.map((x) => x.status)).toEqual(Array(10).fill(200));
    const eleventh = await live(person.token, [w.acme]);
    expect(eleventh.status).toBe(429);
    expect(eleventh.refusal).toEqual({
      success: false,
      message: 'Too many live connections for this account: close a few tabs or windows and try again.',
    });
    ten[0]!.close();
    await s.app.services.live.whenClosed(ten[0]!.connection);
    expect((await live(person.token, [w.acme])).status).toBe(200);
  });
});

describe('presence', () => {
  it('says who has a page open to the others on it, and who left', async () => {
    const manager = await live(w.tok.acme, [w.acme]);
    const page = `product:${product}`;
    const say = (token: string, body: Record<string, unknown>) => call(s, 'POST', '/api/live/presence', { token, body });
    const first = await say(w.tok.acme, { company: w.acme, page, state: 'open' });
    expect(first.body).toEqual({ success: true, people: [{ id: w.user.acme, name: 'Alice Manager' }] });
    const second = await say(w.tok.viewer, { company: w.acme, page });
    expect(second.body.people.map((p: { id: number }) => p.id)).toEqual([w.user.acme, w.user.viewer].sort((a, b) => a - b));
    const both = (e: LiveEvent) => e.type === 'presence' && e.page === page && e.people.length === 2;
    await manager.next(both);
    const from = manager.events.length;
    await say(w.tok.viewer, { company: w.acme, page, left: true });
    expect(await manager.next((e) => e.type === 'presence' && e.page === page, from)).toEqual({
      type: 'presence',
      company: w.acme,
      page,
      people: [{ id: w.user.acme, name: 'Alice Manager' }],
    });
    expect((await say(w.tok.borealis, { company: w.acme, page })).status).toBe(403);
    expect((await say(w.tok.acme, { company: w.acme, page: 'catalogue' })).status).toBe(422);
  });
});

describe('the server side', () => {
  it('drops a reader too slow for its events, rather than buffering them', async () => {
    const { connect } = await import('node:net');
    const url = new URL(s.api);
    const socket = connect(Number(url.port), url.hostname);
    socket.write(
      `GET ${url.pathname}/api/live?companies=${w.acme} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${w.tok.viewer}\r\n\r\n`,
    );
    let head = '';
    const id = await new Promise<string>((resolve) => {
      socket.on('data', function first(chunk: Buffer) {
        head += chunk.toString();
        const m = /"connection":"([^"]+)"/.exec(head);
        if (!m) return;
        socket.off('data', first);
        socket.pause(); // and never read again
        resolve(m[1]!);
      });
    });
    const hub = s.app.services.live;
    let reason: string | undefined;
    void hub.whenClosed(id).then((r) => (reason = r));
    // Notices of about 3 kB each, until the socket's buffers are full and the bound is passed.
    const pad = 'x'.repeat(55);
    for (let batch = 0; !reason && batch < 500; batch++) {
      await s.db.query(
        `SELECT pg_notify('facet_live', json_build_object('t', 'poke', 'k', 'products', 'c', $1::int,
           'ids', (SELECT json_agg($2 || g || '-' || i) FROM generate_series(1, 50) i))::text)
           FROM generate_series($3::int, $3::int + 199) g`,
        [w.acme, pad, batch * 200],
      );
    }
    expect(reason).toBe('slow');
    expect(await registry.getSingleMetricAsString('facet_live_connections_dropped_total')).toMatch(/reason="slow"} [1-9]/);
    socket.destroy();
  });

  it('counts streams, events by kind and the time from commit to send', async () => {
    const text = await registry.metrics();
    expect(text).toMatch(/facet_live_connections \d+/);
    expect(text).toMatch(/facet_live_events_sent_total{kind="products"} [1-9]/);
    expect(text).toMatch(/facet_live_commit_to_send_seconds_count [1-9]/);
  });

  it('on close, every stream is told to reconnect elsewhere first', async () => {
    const twin = await s.twin();
    const st = await openLive(twin.api, w.tok.acme, [w.acme]);
    const closing = twin.close();
    expect(await st.next((e) => e.type === 'bye')).toEqual({ type: 'bye', reconnect: true, reason: 'shutdown' });
    await st.ended;
    await closing;
  });
});

describe.skipIf(process.env.FACET_TEST_DB !== 'postgres')('the LISTEN connection', () => {
  it('lost and back: every stream is told to pull everything', async () => {
    const st = await live(w.tok.viewer, [w.acme]);
    await s.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN "facet_live"' AND datname = current_database()`,
    );
    await st.next((e) => e.type === 'resync');
    await rename(w.tok.acme, product, 'After the resync');
    await st.next((e) => e.type === 'poke' && e.kind === 'products');
  });
});
