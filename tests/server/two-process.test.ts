// Issue 18: two real server processes (child processes, `tsx server/main.ts`) on one PostgreSQL
// database and one S3-compatible store (s3rver), each with its own empty DATA_DIR. A client
// alternates between them: what one process wrote or decided, the other honours on the next call.
// PostgreSQL only (server-pg): PGlite is one process's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens.ts';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { call, DEMO, form } from '../support/http.ts';
import { serverProcesses, workerProcess, type ServerProcess } from '../support/processes.ts';
import { addRetailer, waitForExport, zipFromMail } from './exports.fixtures.ts';
import { join } from 'node:path';
import { demoFileMaker } from '../../server/db/demo-files.ts';
import { Storage } from '../../server/storage/files.ts';
import { openStorage } from '../../server/storage/open.ts';
import { TEST_LAYER_PX, demoCacheDir, snapshotDir } from '../support/seed-snapshot.ts';
import { startS3, type S3Fixture } from '../support/s3.ts';
import { copySeededPostgres, dbKind, type TestServer } from '../support/server.ts';
import { png } from './imagery.fixtures.ts';
import { makeMember } from './users.fixtures.ts';

const THROTTLED = /^Too many failed sign-in attempts for this account\. Try again in \d+ seconds\.$/;

describe.skipIf(dbKind() !== 'postgres')('two server processes on one PostgreSQL and one S3 store', () => {
  let s3: S3Fixture;
  let copy: Awaited<ReturnType<typeof copySeededPostgres>>;
  let cluster: Awaited<ReturnType<typeof serverProcesses>>;
  let db: Db;
  let A: TestServer;
  let B: TestServer;
  let acme: number;

  /** What the shared test helpers need of a server: its address, and the database behind it. */
  const asServer = (p: ServerProcess): TestServer =>
    ({
      url: p.url,
      api: p.api,
      db,
      tokenFor: async (email: string) => {
        const u = await db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
        return (await issueToken(db, u!.id)).split('|')[1]!;
      },
    }) as unknown as TestServer;

  const sharedEnv = () => ({ DATABASE_URL: copy.url, ...s3.env(`two-${process.pid}`) });

  beforeAll(async () => {
    s3 = await startS3();
    copy = await copySeededPostgres();
    db = await openPostgres(copy.url);
    // Proxy headers trusted from loopback: each case counts its logins under addresses of its own.
    // The servers work no jobs themselves (WORKERS_IN_PROCESS=0): the export case's worker process does.
    cluster = await serverProcesses(['A', 'B'], {
      ...sharedEnv(),
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT: '8',
      WORKERS_IN_PROCESS: '0',
    });
    [A, B] = cluster.servers.map(asServer) as [TestServer, TestServer];
    acme = (await db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
    await db?.close();
    await copy?.drop();
    await s3?.close();
  });

  const login = (srv: TestServer, email: string, password: string, address: string) =>
    call(srv, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
  const me = (srv: TestServer, token: string) => call(srv, 'GET', '/api/user', { token });

  it('a login on A works on B', async () => {
    const r = await login(A, DEMO.acme, DEMO.password, '198.51.100.1');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const token = (r.body.token as string).split('|')[1]!;
    const onB = await me(B, token);
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe(DEMO.acme);
  });

  it('an upload through A downloads through B (and neither has it on its own disk)', async () => {
    const token = await A.tokenFor(DEMO.acme);
    const product = (await db.one<{ id: number }>(`SELECT id FROM products WHERE sku = 'ACM-1002'`))!.id;
    const bytes = await png(300, 200);
    const up = await call(A, 'POST', '/posts/product/resource/store', {
      token,
      form: form({ id_product: product }, { image: { name: 'two.png', bytes } }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const got = await fetch(`${B.url}/storage/${up.body.path}`);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);
    const thumb = await fetch(`${B.url}/storage/${(up.body.path as string).replace('.png', '_thumb.png')}`);
    expect(thumb.status).toBe(200);
    const listed = await call(B, 'GET', '/gets/product', { token, query: { id_product: product, id_customer: acme } });
    expect(listed.body.product.images).toContain(up.body.path);
  });

  it('an Idempotency-Key replayed on B after A committed is answered from the stored response', async () => {
    const token = await A.tokenFor(DEMO.acme);
    const key = `two-process-${Date.now()}`;
    const name = `Two-process ${Date.now()}`;
    // One request sent twice: the same body (a key belongs to its request's fingerprint, issue 40).
    const sku = `TP-${Date.now()}`;
    const send = (srv: TestServer) =>
      call(srv, 'POST', '/posts/product/store', {
        token,
        body: { id_customer: acme, name, sku },
        headers: { 'idempotency-key': key },
      });
    const first = await send(A);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await send(B);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await db.query('SELECT id FROM products WHERE name = $1', [name])).length).toBe(1);
  });

  it('an Idempotency-Key claimed by a process that died is taken over at once; one of a live process is in progress', async () => {
    const token = await A.tokenFor(DEMO.acme);
    const user = (await db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.acme]))!.id;
    const live = (await db.one<{ id: string }>('SELECT id FROM server_instances ORDER BY started_at LIMIT 1'))!.id;
    const claim = (key: string, instance: string) =>
      db.query(
        `INSERT INTO idempotency_keys (user_id, key, method, path, instance_id) VALUES ($1, $2, 'POST', '/backend/posts/product/store', $3)`,
        [user, key, instance],
      );
    const send = (key: string) =>
      call(B, 'POST', '/posts/product/store', {
        token,
        body: { id_customer: acme, name: key, sku: key },
        headers: { 'idempotency-key': key },
      });
    const dead = `dead-claim-${Date.now()}`;
    await claim(dead, '00000000-0000-4000-8000-000000000000'); // no heartbeat: a killed process
    const taken = await send(dead);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.product.sku).toBe(dead);
    const busy = `live-claim-${Date.now()}`;
    await claim(busy, live);
    const refused = await send(busy);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A request with this Idempotency-Key is still in progress.');
    expect((await db.query('SELECT id FROM server_instances')).length).toBe(2);
  });

  it('a person disabled through A is refused by B on its next request; a removed person too', async () => {
    const manager = await A.tokenFor(DEMO.acme);
    const viewerRole = (await db.one<{ id: number }>(`SELECT id FROM roles WHERE customer_id = $1 AND name = 'Viewer'`, [acme]))!
      .id;
    const disabled = await makeMember(A, acme, viewerRole);
    const removed = await makeMember(A, acme, viewerRole);
    // Both processes have them in their caches first.
    for (const p of [disabled, removed]) for (const srv of [A, B]) expect((await me(srv, p.token)).status).toBe(200);
    const off = await call(A, 'PUT', '/user/deactivate', { token: manager, body: { id_user: disabled.id, id_customer: acme } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // B drops its entry when the NOTIFY reaches it, which under load may be a few ms after A answers.
    await expect.poll(async () => (await me(B, disabled.token)).status, { timeout: 1000, interval: 10 }).toBe(401);
    const gone = await call(A, 'DELETE', '/user/delete', {
      token: manager,
      body: { id_user: removed.id, id_customer: acme, password: DEMO.password },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await expect.poll(async () => (await me(B, removed.token)).status, { timeout: 1000, interval: 10 }).toBe(401);
    expect((await me(A, removed.token)).status).toBe(401);
  });

  it('the login limits are shared: per client address and per account', async () => {
    // Per client: AUTH_RATE_LIMIT=8 a minute for one address, counted across both processes.
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await login(i % 2 ? B : A, `nobody${i}@two.test`, 'wrong', '198.51.100.77')).status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    // Per account: 5 failures in a row, spread over A and B and over addresses, then A waits.
    for (let i = 0; i < 5; i++)
      expect((await login(i % 2 ? B : A, DEMO.borealis, 'wrong', `198.51.100.${100 + i}`)).status).toBe(401);
    const throttled = await login(B, DEMO.borealis, DEMO.password, '198.51.100.120');
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(THROTTLED);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('an export job queued through A is done by `npm run worker` on the S3 store, mailed, and its link downloads through B', async () => {
    const worker = await workerProcess(sharedEnv());
    try {
      const staff = await A.tokenFor(DEMO.staff);
      const token = await A.tokenFor(DEMO.acme);
      const product = (await db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
      const preset = (await db.one<{ id: number }>(
        "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
        [product],
      ))!.id;
      const retailer = await addRetailer(A, staff, {
        retailer: 'Two process',
        file_type: 'png',
        width: 240,
        height: 240,
        dpi: 72,
        color_depth: 24,
        file_size: 2,
        images_per_row: 12,
        file_name: 'two_<frame_num2>.<ext>',
      });
      // The demo seed wrote its pictures to the local disk (its layers are drawn on first read); a deployment on S3 has them in the bucket.
      const seeded = new Storage(join(snapshotDir('postgres'), 'storage'), demoFileMaker(TEST_LAYER_PX, demoCacheDir()));
      const bucket = openStorage({ storageDir: '', demoLayerPx: TEST_LAYER_PX, ...s3.config(`two-${process.pid}`) });
      const layers = await db.query<{ beauty: string; shadow: string | null; reflection: string | null }>(
        "SELECT beauty, shadow, reflection FROM product_layers WHERE product_id = $1 AND section = '360'",
        [product],
      );
      for (const path of layers.flatMap((l) => [l.beauty, l.shadow, l.reflection]).filter((x): x is string => !!x))
        await bucket.write(path, await seeded.read(path));
      bucket.store.close?.();
      const q = { id_product: product, id_customer: acme };
      const queued = await call(A, 'POST', '/posts/product/automation/enqueue/download', {
        token,
        body: { ...q, id_product_config: preset, retailer },
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      const done = await waitForExport(B, token, q, queued.body.export.id, 90_000);
      expect(done.status, JSON.stringify(done)).toBe('ready');
      const mail = await worker.mailWith('for Two process is ready');
      // The link's zip is in the bucket (neither server's disk holds it), served here by B.
      const { zip } = await zipFromMail(B, mail);
      expect(Object.keys(zip.files).sort()).toEqual(
        [...Array.from({ length: 12 }, (_, i) => `two_${String(i + 1).padStart(2, '0')}.png`), 'compliance.csv'].sort(),
      );
    } finally {
      await worker.close();
    }
  }, 150_000);
});
