// Every call that writes more than one row (or a row and a file, or a row and a mail) is
// all-or-nothing: broken half-way, it leaves the database and the disk as they were, and the
// very same request then succeeds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/passwords.ts';
import type { Db } from '../../server/db/index.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO, form, type CallOptions } from '../support/http.ts';

let s: TestServer;
let png: Buffer;
let w: { acme: number; token: string; staff: string; product: () => Promise<number>; template: () => Promise<number> };
beforeAll(async () => {
  s = await startTestServer();
  png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  const token = await s.tokenFor(DEMO.acme);
  const staff = await s.tokenFor(DEMO.staff);
  w = {
    acme,
    token,
    staff,
    product: async () =>
      (await call(s, 'POST', '/posts/product/store', { token, body: { id_customer: acme, name: `Tx ${Math.random()}` } })).body
        .product.id,
    template: async () =>
      (
        await call(s, 'POST', '/template/add', {
          token: staff,
          form: form({ name: 'Tx', public: 0, id_customer: acme }, { image: { name: 't.png', bytes: png } }),
        })
      ).body.template.id,
  };
});
afterAll(async () => {
  await s.close();
});

/** Counters of the front door itself and process heartbeats, not data a request could leave half-written. */
const SKIP = new Set([
  'rate_limits',
  'login_throttle',
  'login_devices',
  'idempotency_keys',
  'schema_migrations',
  'access_tokens',
  'server_instances',
]);

async function snapshot() {
  const tables = await s.db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables) {
    if (SKIP.has(name)) continue;
    rows[name] = (await s.db.one<{ h: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${name} t`,
    ))!.h;
  }
  rows.access_tokens = String((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM access_tokens'))!.n);
  // Files only: an emptied folder is not data.
  const files = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map(String)
          .filter((p) => statSync(join(dir, p)).isFile())
          .sort()
      : [];
  return { rows, storage: files(s.config.storageDir), mail: files(s.config.mailDir) };
}

/** A Db whose statements matching `pattern` fail, inside transactions too. */
function failing(db: Db, pattern: RegExp): Db {
  const check = (sql: string) => {
    if (pattern.test(sql)) throw new Error(`injected failure at: ${sql.slice(0, 60)}`);
  };
  return {
    ...db,
    query: async (sql, params) => {
      check(sql);
      return db.query(sql, params);
    },
    one: async (sql, params) => {
      check(sql);
      return db.one(sql, params);
    },
    tx: (fn) => db.tx((t) => fn(failing(t, pattern))),
  };
}

type Fault = { sql: RegExp } | { storage: true } | { mail: true };

function inject(fault: Fault): () => void {
  const services = s.app.services;
  if ('sql' in fault) {
    const db = services.db;
    services.db = failing(db, fault.sql);
    return () => {
      services.db = db;
    };
  }
  const target = 'storage' in fault ? services.storage : services.mailer;
  const method = 'storage' in fault ? 'write' : 'send';
  Object.assign(target, {
    [method]: async () => {
      throw new Error(`injected ${method} failure`);
    },
  });
  return () => {
    delete (target as unknown as Record<string, unknown>)[method];
  };
}

interface Case {
  name: string;
  fault: Fault;
  prepare: () => Promise<[string, string, CallOptions]>;
}
const unique = () => Math.random().toString(36).slice(2, 8);
const company = () => ({
  name_company: `Tx ${unique()}`,
  country: 'pt',
  street: 's',
  city: 'c',
  region: 'r',
  zipcode: 'z',
  sector: 'x',
});
const logo = () => ({ profile_logo: { name: 'logo.png', bytes: png } });
async function newCompany() {
  return (await call(s, 'POST', '/company/register', { form: form(company()) })).body.id_customer as number;
}
const manager = (id: number) => ({
  id_customer: id,
  name: 'n',
  last_name: 'l',
  email: `m${unique()}@tx.test`,
  office: 'o',
  password: 'secret123',
  password_confirmation: 'secret123',
});
const customer = () => ({
  body: { company: `Solo ${unique()}`, username: 'solo', email: `s${unique()}@tx.test`, password: 'secret123' },
});
const TOUCH = /UPDATE products SET updated_at/;

const cases: Case[] = [
  {
    name: 'company registration, logo write fails',
    fault: { storage: true },
    prepare: async () => ['POST', '/company/register', { form: form(company(), logo()) }],
  },
  {
    name: 'company registration, photo update fails',
    fault: { sql: /UPDATE customers SET photo/ },
    prepare: async () => ['POST', '/company/register', { form: form(company(), logo()) }],
  },
  {
    name: 'manager registration, picture write fails',
    fault: { storage: true },
    prepare: async () => [
      'POST',
      '/company/manager/register',
      { form: form(manager(await newCompany()), { picture_profile: { name: 'p.png', bytes: png } }) },
    ],
  },
  {
    name: 'manager registration, membership fails',
    fault: { sql: /INSERT INTO memberships/ },
    prepare: async () => ['POST', '/company/manager/register', { form: form(manager(await newCompany())) }],
  },
  {
    name: 'self-registration, first product fails',
    fault: { sql: /INSERT INTO products/ },
    prepare: async () => ['POST', '/customer/register', customer()],
  },
  {
    name: 'self-registration, token fails',
    fault: { sql: /INSERT INTO access_tokens/ },
    prepare: async () => ['POST', '/customer/register', customer()],
  },
  {
    name: 'forgot password, mail fails',
    fault: { mail: true },
    prepare: async () => ['POST', '/api/auth/forgot-password', { query: { email: DEMO.viewer } }],
  },
  {
    name: 'password reset, signing out fails',
    fault: { sql: /DELETE FROM access_tokens/ },
    prepare: async () => {
      const secret = `reset-${unique()}-${unique()}`;
      await s.db.query(
        `INSERT INTO password_resets (user_id, token_hash, expires_at) SELECT id, $2, now() + interval '1 hour' FROM users WHERE email = $1`,
        [DEMO.multi, sha256(secret)],
      );
      return ['POST', '/api/auth/reset-password', { body: { email: DEMO.multi, token: secret, password: 'newpass123' } }];
    },
  },
  {
    name: 'bug report with a file, row fails',
    fault: { sql: /INSERT INTO bug_reports/ },
    prepare: async () => {
      const me = (await call(s, 'GET', '/api/user', { token: w.token })).body.id;
      return [
        'POST',
        '/api/report-bug',
        {
          token: w.token,
          form: form(
            { id_user: me, id_customer: w.acme, subject: 's', description: 'd' },
            { file: { name: 'b.png', bytes: png } },
          ),
        },
      ];
    },
  },
  {
    name: 'product image, product touch fails',
    fault: { sql: TOUCH },
    prepare: async () => [
      'POST',
      '/posts/product/resource/store',
      { token: w.token, form: form({ id_product: await w.product() }, { image: { name: 'i.png', bytes: png } }) },
    ],
  },
  {
    name: 'product asset, product touch fails',
    fault: { sql: TOUCH },
    prepare: async () => [
      'POST',
      '/posts/product/asset/store',
      { token: w.token, form: form({ id_product: await w.product() }, { file: { name: 'a.png', bytes: png } }) },
    ],
  },
  {
    name: 'template with image, row fails',
    fault: { sql: /INSERT INTO templates/ },
    prepare: async () => [
      'POST',
      '/template/add',
      { token: w.staff, form: form({ name: 'T', public: 1 }, { image: { name: 't.png', bytes: png } }) },
    ],
  },
  {
    name: 'product delete, tombstone fails',
    fault: { sql: /INSERT INTO tombstones/ },
    prepare: async () => [
      'DELETE',
      '/deletes/product/squedule',
      { token: w.token, query: { id_product: await w.product(), id_customer: w.acme } },
    ],
  },
  {
    name: 'template delete, tombstone fails',
    fault: { sql: /INSERT INTO tombstones/ },
    prepare: async () => ['DELETE', '/template/delete', { token: w.staff, query: { id: await w.template() } }],
  },
  {
    name: 'template made private elsewhere, tombstone fails',
    fault: { sql: /INSERT INTO tombstones/ },
    prepare: async () => {
      const borealis = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`))!.id;
      return [
        'POST',
        '/template/edit',
        { token: w.staff, body: { id: await w.template(), name: 'Moved', public: 0, id_customer: borealis } },
      ];
    },
  },
  {
    name: 'information block, product touch fails',
    fault: { sql: TOUCH },
    prepare: async () => [
      'POST',
      '/posts/product/description/store',
      { token: w.token, body: { id_product: await w.product(), id_customer: w.acme, title: 't', notes: 'n' } },
    ],
  },
  {
    name: 'tag on a product, product touch fails',
    fault: { sql: TOUCH },
    prepare: async () => {
      const tag = (await s.db.one<{ id: number }>('SELECT id FROM tags WHERE customer_id = $1 LIMIT 1', [w.acme]))!.id;
      return ['POST', '/posts/product/tag/store', { token: w.token, body: { id_product: await w.product(), id_tag: tag } }];
    },
  },
  {
    name: 'service request, mail fails',
    fault: { mail: true },
    prepare: async () => {
      const t = (await s.db.one<{ id: number }>('SELECT id FROM templates WHERE public = 1 AND deleted_at IS NULL LIMIT 1'))!.id;
      return ['POST', '/posts/services/request', { token: w.token, body: { id_customer: w.acme, templates: String(t) } }];
    },
  },
];

it.each(cases)('$name: nothing stays, and the same request then succeeds', async ({ fault, prepare }) => {
  const [method, path, options] = await prepare();
  const before = await snapshot();
  const restore = inject(fault);
  let broken;
  try {
    broken = await call(s, method, path, options);
  } finally {
    restore();
  }
  expect(broken.status, JSON.stringify(broken.body)).toBe(500);
  expect(broken.body).toMatchObject({ success: false, request_id: expect.any(String) });
  expect(await snapshot()).toEqual(before);
  const retry = await call(s, method, path, options);
  expect(retry.status, JSON.stringify(retry.body)).toBe(200);
  expect(retry.body.success ?? true).not.toBe(false);
  expect(await snapshot()).not.toEqual(before);
});
