// What every handler can reach: built once per app (tests build their own), and by `npm run worker`.
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { Mailer } from './mail/mailer.ts';
import { Storage } from './storage/files.ts';

export interface Services {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  /** The pg-boss queue (started on first use). */
  jobs: JobQueue;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export function createServices(config: Config, db: Db, log: Log): Services {
  return {
    config,
    db,
    storage: new Storage(config.storageDir),
    mailer: new Mailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom }),
    jobs: new JobQueue(db, config, log),
  };
}
