// What every handler can reach: built once per app (tests build their own).
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/files.ts';

export interface Services {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
}
