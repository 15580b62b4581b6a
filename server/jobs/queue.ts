// The job queue: pg-boss (DESIGN "Serving"), never one of our own. On PGlite it runs inside the server
// through pg-boss's PGlite adapter; on PostgreSQL `npm run worker` processes claim the same jobs with
// SKIP LOCKED. Retries, backoff, heartbeats and the failed state are pg-boss's; a job that fails for
// good goes to its dead-letter queue, whose handler records why on our own row.
import { PgBoss, fromPglite, type Db as JobDb, type JobResultStatus, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Config } from '../config.ts';
import { pgliteOf, type Db } from '../db/index.ts';
import { JOB_SCHEMA } from './schema.ts';

export const QUEUES = {
  export: 'export',
  exportDead: 'export-dead',
  frameSet: 'frame-set',
  frameSetDead: 'frame-set-dead',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What a handler decides: done, or failed for good with no retry (a spec that cannot be met). */
export interface Outcome {
  status: Extract<JobResultStatus, 'completed' | 'deadletter'>;
  output?: object;
}
export type JobHandler<T = Record<string, unknown>> = (job: JobWithMetadata<T>) => Promise<Outcome>;

/** Why a dead-lettered job failed: the error its last attempt stored (pg-boss keeps it as the output). */
export function failureOf(job: JobWithMetadata<unknown>): string | undefined {
  const out = (job.sourceOutput ?? job.output) as { message?: unknown; reason?: unknown } | null;
  const why = out?.reason ?? out?.message;
  return typeof why === 'string' && why ? why : undefined;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Our Db (or one of its transactions) as pg-boss's adapter: a job sent through it commits with the rows. */
export const asJobDb = (db: Db): JobDb => ({
  executeSql: async (text: string, values?: unknown[]) => ({ rows: await db.query(text, values as unknown[] | undefined) }),
});

export class JobQueue {
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private stopped = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: Log,
  ) {}

  /** Started on first use: a server that never queues anything never polls. */
  private open(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The job queue is stopped.'));
    this.starting ??= this.start().catch((err) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    const { jobs } = this.config;
    const lite = pgliteOf(this.db);
    const common = {
      schema: JOB_SCHEMA,
      schedule: false,
      superviseIntervalSeconds: jobs.superviseSeconds,
      monitorIntervalSeconds: jobs.superviseSeconds,
      maintenanceIntervalSeconds: Math.max(60, jobs.superviseSeconds),
    };
    const boss = lite
      ? new PgBoss({ ...common, db: fromPglite(lite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: this.config.databaseUrl, max: 4, application_name: 'facet-jobs' });
    boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    const retries = { retryLimit: 2, retryDelay: 10, retryBackoff: true, retryDelayMax: 300 };
    const live = { ...retries, heartbeatSeconds: jobs.heartbeatSeconds, expireInSeconds: 4 * 3600 };
    await this.ensureQueue(boss, QUEUES.exportDead, {});
    await this.ensureQueue(boss, QUEUES.frameSetDead, {});
    await this.ensureQueue(boss, QUEUES.export, { ...live, deadLetter: QUEUES.exportDead });
    await this.ensureQueue(boss, QUEUES.frameSet, { ...live, deadLetter: QUEUES.frameSetDead });
    this.boss = boss;
    return boss;
  }

  private async ensureQueue(boss: PgBoss, name: QueueName, options: Omit<Queue, 'name'>) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options).catch(async (err) => {
      if (!(await boss.getQueue(name))) throw err; // another process made it first
    });
  }

  /** Queues a job; with `db` a transaction of ours, it exists only if that transaction commits. */
  async send(name: QueueName, data: object, options: { db?: Db; singletonKey?: string } = {}): Promise<string | null> {
    const boss = await this.open();
    return boss.send(name, data, {
      ...(options.db && { db: asJobDb(options.db) }),
      ...(options.singletonKey && { singletonKey: options.singletonKey }),
    });
  }

  /** Works the given queues in this process (one job at a time per queue, or JOB_CONCURRENCY). */
  async work(handlers: Partial<Record<QueueName, JobHandler>>): Promise<void> {
    const boss = await this.open();
    for (const [name, handler] of Object.entries(handlers) as [QueueName, JobHandler][]) {
      await boss.work<Record<string, unknown>>(
        name,
        { batchSize: 1, localConcurrency: this.config.jobs.concurrency, perJobResults: true, includeMetadata: true, pollingIntervalSeconds: 1 },
        async ([job]) => {
          const outcome = await handler(job! as JobWithMetadata<Record<string, unknown>>);
          return [{ id: job!.id, ...outcome }];
        },
      );
    }
  }

  /** pg-boss's record of a job (state, retries, output), for tests and the bench. */
  async jobById(name: QueueName, id: string) {
    return (await this.open()).getJobById(name, id);
  }

  /** Runs `fn` every `ms` until the queue stops (the sweeps of a working process). */
  repeat(ms: number, fn: () => Promise<unknown>): void {
    const t = setInterval(() => void fn().catch((err) => this.log.warn({ err }, 'periodic job task')), ms);
    t.unref();
    this.timers.push(t);
  }

  /** Lets running jobs finish (up to `timeoutMs`); what is still running is failed, so it is retried. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    await boss?.stop({ graceful: true, timeout: timeoutMs }).catch((err) => this.log.warn({ err }, 'job queue stop'));
  }
}
