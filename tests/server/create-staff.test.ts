// `npm run create-staff` as a real child process on an empty database (PGlite in DATA_DIR, or the
// PostgreSQL of DATABASE_URL): the account it makes signs in and is staff; it refuses a weak password
// in sign-up's words, a taken address, and a missing or invalid email or name.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/api/contract/auth.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import { createCompany } from '../../server/domain/accounts.ts';
import { emptyDatabase, serve, type EmptyDatabase } from '../support/empty-db.ts';
import { call } from '../support/http.ts';

let empty: EmptyDatabase;
beforeAll(async () => {
  empty = await emptyDatabase();
});
afterAll(async () => {
  await empty?.drop();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command with this database's DATA_DIR / DATABASE_URL; `input` is written to its standard input. */
function createStaff(args: string[], o: { password?: string; input?: string } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', ...empty.env };
  delete env.FACET_PASSWORD;
  if (o.password !== undefined) env.FACET_PASSWORD = o.password;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/create-staff.ts', ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(o.input ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A server on the database while fn runs: closed again after, as PGlite admits one process at a time. */
async function withServer<T>(fn: (s: { api: string }) => Promise<T>): Promise<T> {
  const db = await empty.open();
  const server = await serve(db, empty.config);
  try {
    if (!(await db.one(`SELECT 1 FROM customers WHERE name = 'Real Co'`))) await createCompany(db, { name: 'Real Co' });
    return await fn(server);
  } finally {
    await server.close();
    await db.close();
  }
}

const login = (s: { api: string }, email: string, password: string) =>
  call(s, auth.login.method, auth.login.path, { body: { email, password } });

// Each case starts child processes (tsx, then a migration of a new database): more than the default 30 s
// on two shared, busy cores.
describe('npm run create-staff', { timeout: 90_000 }, () => {
  it('makes a staff account on an empty database: it signs in, sees every company and the provider context', async () => {
    const run = await createStaff(['--email', 'Boss@Studio.test', '--name', 'Bea Boss'], { password: 'correct horse battery' });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^Created staff account boss@studio\.test \(id \d+\) on /),
    ]);
    await withServer(async (s) => {
      const r = await login(s, 'boss@studio.test', 'correct horse battery');
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ name: 'Bea Boss', type: 'staff' });
      const token = r.body.token.split('|')[1];
      const me = await call(s, auth.currentUser.method, auth.currentUser.path, { token });
      expect(me.body.companies.map((c: { name: string }) => c.name)).toEqual(['Real Co']);
      const access = await call(s, auth.haveAccess.method, auth.haveAccess.path, {
        token,
        query: { id_customer: PROVIDER_CONTEXT, slugs: 'manage-users,dashboard-access' },
      });
      expect(access.body).toEqual({ success: true, data: { 'manage-users': true, 'dashboard-access': true } });
    });
  });

  it('refuses a weak password with the words sign-up refuses it with', async () => {
    const signUp = await withServer((s) =>
      call(s, auth.registerCustomer.method, auth.registerCustomer.path, {
        body: { company: 'Weak Co', username: 'Walt', email: 'walt@weak.test', password: 'short' },
      }),
    );
    expect(signUp.status).toBe(422);
    expect(signUp.body.message).toBe('The password field must be at least 8 characters.');
    const run = await createStaff(['--email', 'walt@weak.test', '--name', 'Walt'], { password: 'short' });
    expect(run).toEqual({ code: 1, stdout: '', stderr: `create-staff: ${signUp.body.message}\n` });
  });

  it('refuses an address already taken', async () => {
    const run = await createStaff(['--email', 'BOSS@studio.test', '--name', 'Another'], { password: 'another good one' });
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'create-staff: The email has already been taken.\n' });
  });

  it('reads the password from standard input when FACET_PASSWORD is unset', async () => {
    const run = await createStaff(['--email', 'piped@studio.test', '--name', 'Pip'], { input: 'typed on stdin 42\n' });
    expect(run.code).toBe(0);
    await withServer(async (s) => {
      expect((await login(s, 'piped@studio.test', 'typed on stdin 42')).status).toBe(200);
    });
    const none = await createStaff(['--email', 'nobody@studio.test', '--name', 'No One']);
    expect(none).toMatchObject({
      code: 1,
      stderr: 'create-staff: No password: set FACET_PASSWORD or write it on standard input (one line).\n',
    });
  });

  it('refuses a missing or invalid email or name, one line each', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'Nemo'], /^create-staff: --email is missing; usage: npm run create-staff/],
      [['--email', 'nemo@studio.test'], /^create-staff: --name is missing; usage: npm run create-staff/],
      [['--email', 'nemo@studio.test', '--name', '  '], /^create-staff: --name is missing/],
      [['--email', 'not-an-address', '--name', 'Nemo'], /^create-staff: Please enter a valid email$/],
      [
        ['--email', 'nemo@studio.test', '--name', 'N'.repeat(101)],
        /^create-staff: The name field must not be greater than 100 characters\.$/,
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => createStaff(args, { password: 'a fine password' })));
    runs.forEach((run, i) => {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(cases[i]![1])]);
    });
  });
});
