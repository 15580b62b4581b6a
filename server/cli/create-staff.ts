// `npm run create-staff -- --email ADDRESS --name NAME`: a provider staff account (every company and the
// provider context -1) on the configured database, as the first account of a deployment without the
// demo. The password comes from FACET_PASSWORD or one line of standard input, never from the command
// line, which other users of the machine can read. It migrates first, so an empty database will do.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Type } from '@sinclair/typebox';
import { auth, NewPassword } from '../../src/api/contract/auth.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { createUser } from '../domain/accounts.ts';
import { fieldErrors } from '../../src/api/contract/rules/check.ts';
import { selfRegistrationRules } from '../../src/api/contract/rules/user.ts';
import { bodyRefusal } from '../http/check-input.ts';
import { ApiError } from '../http/errors.ts';

const USAGE = 'usage: npm run create-staff -- --email ADDRESS --name NAME (password in FACET_PASSWORD or on standard input)';

/** Checked as sign-up checks them: the same fields, the same password rule and words. */
const StaffInput = Type.Object({
  email: auth.registerCustomer.body.properties.email,
  name: auth.registerManager.body.properties.name,
  password: NewPassword,
});

/** Input refused: one line on stderr, exit code 1. */
class Refusal extends Error {}

/** One line of standard input; typed at a terminal, it is not shown. */
async function readPassword(): Promise<string | undefined> {
  const tty = !!process.stdin.isTTY;
  if (tty) process.stderr.write('Password: ');
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: tty ? muted : undefined, terminal: tty });
  rl.on('SIGINT', () => process.exit(130));
  try {
    for await (const line of rl) return line;
    return undefined;
  } finally {
    rl.close();
    if (tty) process.stderr.write('\n');
  }
}

async function createStaff(): Promise<string> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = values.email?.trim();
  const name = values.name?.trim();
  if (!email) throw new Refusal(`--email is missing; ${USAGE}`);
  if (!name) throw new Refusal(`--name is missing; ${USAGE}`);
  // Sign-up's e-mail rule and words, before a password is asked for.
  const wrongEmail = fieldErrors('email', selfRegistrationRules.email, email)[0];
  if (wrongEmail) throw new Refusal(wrongEmail);
  const password = process.env.FACET_PASSWORD ?? (await readPassword());
  if (password === undefined) throw new Refusal('No password: set FACET_PASSWORD or write it on standard input (one line).');
  const refusal = await bodyRefusal(StaffInput, { email, name, password });
  if (refusal) throw new Refusal(refusal);

  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const id = await createUser(db, { name, email, password, type: 'staff' });
    const where = db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    return `Created staff account ${email.toLowerCase()} (id ${id}) on ${where}.`;
  } finally {
    await db.close();
  }
}

createStaff().then(
  (line) => console.log(line),
  (err: unknown) => {
    const refused =
      err instanceof Refusal || err instanceof ApiError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    // A refusal is the user's to fix: its words alone. Anything else (database unreachable) keeps its stack.
    console.error(refused ? `create-staff: ${(err as Error).message}` : err);
    process.exitCode = refused ? 1 : 2;
  },
);
