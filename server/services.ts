// What every handler can reach: built once per app (tests build their own), and by `npm run worker`.
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/files.ts';
import { openStorage } from './storage/open.ts';
import { loadSecret } from './secret.ts';
import { CspReports } from './http/csp-reports.ts';
import { LiveHub } from './live/hub.ts';

export interface Services {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  /** The pg-boss queue (started on first use). */
  jobs: JobQueue;
  /** The key of the server's HMACs, from FACET_SECRET or <DATA_DIR>/secret.key (secret.ts). */
  secret: Buffer;
  /** What browsers reported that the Content-Security-Policy blocked (http/csp-reports.ts). */
  cspReports: CspReports;
  /** The live channel's streams of this app (issue 44; started by app.ts, idle in a worker). */
  live: LiveHub;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export function createServices(config: Config, db: Db, log: Log): Services {
  return {
    config,
    db,
    storage: openStorage(config),
    mailer: new Mailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom }),
    jobs: new JobQueue(db, config, log),
    secret: loadSecret(config),
    cspReports: new CspReports(),
    live: new LiveHub(db, config, (msg, err) => log.warn({ err }, msg)),
  };
}
