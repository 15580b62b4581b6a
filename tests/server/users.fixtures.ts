// Shared by the users*.test.ts files: demo ids and tokens, people made for a test, mail links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Slug } from '../../src/api/contract/slugs.ts';
import { addMember, createCompany, createUser, grant } from '../../server/domain/accounts.ts';
import { activeManagers as countManagers } from '../../server/domain/users-company.ts';
import { call, DEMO, type CallOptions } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

export const BIG = 'x'.repeat(100 * 1024);
export const PASSWORD = 'demo1234';

export interface World {
  acme: number;
  borealis: number;
  /** Role ids: Acme's first (full) role, Acme's Viewer, Borealis's first role. */
  acmeFull: number;
  viewerRole: number;
  borFull: number;
  user: Record<'staff' | 'acme' | 'viewer' | 'borealis' | 'multi', number>;
  tok: Record<'staff' | 'acme' | 'viewer' | 'borealis' | 'multi', string>;
}

export async function world(s: TestServer): Promise<World> {
  const one = async (sql: string, p: unknown[]) => (await s.db.one<{ id: number }>(sql, p))!.id;
  const acme = await one('SELECT id FROM customers WHERE name = $1', ['Acme Living']);
  const borealis = await one('SELECT id FROM customers WHERE name = $1', ['Borealis Home']);
  const userId = (email: string) => one('SELECT id FROM users WHERE email = $1', [email]);
  return {
    acme,
    borealis,
    acmeFull: await one('SELECT id FROM roles WHERE customer_id = $1 AND position = 0', [acme]),
    viewerRole: await one(`SELECT id FROM roles WHERE customer_id = $1 AND name = 'Viewer'`, [acme]),
    borFull: await one('SELECT id FROM roles WHERE customer_id = $1 AND position = 0', [borealis]),
    user: {
      staff: await userId(DEMO.staff),
      acme: await userId(DEMO.acme),
      viewer: await userId(DEMO.viewer),
      borealis: await userId(DEMO.borealis),
      multi: await userId(DEMO.multi),
    },
    tok: {
      staff: await s.tokenFor(DEMO.staff),
      acme: await s.tokenFor(DEMO.acme),
      viewer: await s.tokenFor(DEMO.viewer),
      borealis: await s.tokenFor(DEMO.borealis),
      multi: await s.tokenFor(DEMO.multi),
    },
  };
}

let made = 0;

/** A role of a company with exactly these slugs (made directly: the test is about something else). */
export async function makeRole(s: TestServer, customer: number, slugs: readonly Slug[], name = `Role ${++made}`) {
  const row = await s.db.one<{ id: number }>('INSERT INTO roles (customer_id, name) VALUES ($1, $2) RETURNING id', [
    customer,
    name,
  ]);
  await grant(s.db, row!.id, slugs);
  return row!.id;
}

/** A person enabled in a company with a role, and a token of theirs. */
export async function makeMember(s: TestServer, customer: number, role: number, name = `Person ${++made}`) {
  const email = `person${made}-${Math.random().toString(36).slice(2, 7)}@acme.test`;
  const id = await createUser(s.db, { name, email, password: PASSWORD });
  await addMember(s.db, id, customer, role);
  return { id, email, name, token: await s.tokenFor(email) };
}

/** A fresh company with its full role and one manager holding it, so a test owns every person in it. */
export async function makeCompany(s: TestServer, name = `Company ${++made}`) {
  const c = await createCompany(s.db, { name });
  const manager = await makeMember(s, c.id, c.fullRoleId, `${name} manager`);
  return { id: c.id, fullRole: c.fullRoleId, manager };
}

/** Calls and expects a status, showing the body when it differs. */
export async function expectStatus(s: TestServer, status: number, method: string, path: string, o: CallOptions) {
  const r = await call(s, method, path, o);
  expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBe(status);
  return r;
}

export async function membership(s: TestServer, user: number, customer: number) {
  return s.db.one<{ enabled: boolean; invited: boolean; role_id: number | null }>(
    'SELECT enabled, invited, role_id FROM memberships WHERE user_id = $1 AND customer_id = $2',
    [user, customer],
  );
}

export const activeManagers = (s: TestServer, customer: number) => countManagers(s.db, customer);

export async function tokensOf(s: TestServer, user: number) {
  return (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM access_tokens WHERE user_id = $1', [user]))!.n;
}

/** The messages mailed to an address, oldest first, with quoted-printable undone. */
export function mailsTo(s: TestServer, email: string): string[] {
  if (!existsSync(s.config.mailDir)) return [];
  return readdirSync(s.config.mailDir)
    .sort()
    .map((f) =>
      readFileSync(join(s.config.mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
}

/** The token and e-mail of the newest invitation link mailed to an address. */
export function inviteLink(s: TestServer, email: string) {
  const mails = mailsTo(s, email);
  const m = /https?:\/\/\S+\/accept-invite\?token=([\w-]+)&email=(\S+)/.exec(mails.at(-1) ?? '');
  expect(m, `an invitation mail to ${email}`).not.toBeNull();
  return { token: m![1]!, email: decodeURIComponent(m![2]!) };
}

export async function auditRows(s: TestServer, customer: number) {
  return s.db.query<{
    action: string;
    actor_id: number;
    target_type: string;
    target_id: number;
    target_name: string;
    before: unknown;
    after: unknown;
  }>(
    'SELECT action, actor_id, target_type, target_id, target_name, before, after FROM audit_log WHERE customer_id = $1 ORDER BY id',
    [customer],
  );
}
