// What /readyz checks, each within a bound: the database answers, every migration file is recorded as
// applied, and stored files can be written (a small object written and removed through the store,
// local disk or S3). Calls that arrive while a check runs share it, so a busy prober costs one check.
import { pendingMigrations } from '../db/migrate.ts';
import type { Services } from '../services.ts';

const CHECK_MS = 5_000;

function within<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_MS} ms`)), CHECK_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Resolves to why the process is not ready (a sentence for the prober), or undefined when it is. */
export function readinessCheck(
  s: Pick<Services, 'db' | 'storage'>,
  log: (err: unknown, why: string) => void,
): () => Promise<string | undefined> {
  const steps: [string, () => Promise<string | undefined>][] = [
    ['The database does not answer.', async () => void (await s.db.query('SELECT 1'))],
    [
      'The migration record cannot be read.',
      async () => {
        const pending = await pendingMigrations(s.db);
        return pending.length ? `Migrations not applied: ${pending.join(', ')}.` : undefined;
      },
    ],
    ['Stored files cannot be written.', async () => void (await s.storage.probe())],
  ];
  const check = async () => {
    for (const [failed, step] of steps) {
      try {
        const why = await within(step());
        if (why) return why;
      } catch (err) {
        // The cause (a path, an S3 error) goes to the log, not to an unauthenticated caller.
        log(err, failed);
        return failed;
      }
    }
    return undefined;
  };
  let running: Promise<string | undefined> | undefined;
  return () => (running ??= check().finally(() => (running = undefined)));
}
