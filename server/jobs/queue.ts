// The job queue: pg-boss (DESIGN "Serving"), never one of our own. pg-boss 10 is the last major that runs
// on Node 20 (11 and 12 need Node 22), and it has no PGlite adapter of its own: it runs on our Db through
// `asJobDb` below (pg-boss's `db` option), inside the server on PGlite, and on PostgreSQL in every server
// and `npm run worker` process, which claim the same jobs with SKIP LOCKED. Retries, backoff, expiry of a job whose
// worker died and the failed state are pg-boss's; a job that fails for good goes to its dead-letter
// queue, whose handler records why on our own row.
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { pgliteOf, type Db } from '../db/index.ts';
import { jobFailures } from '../metrics/registry.ts';
import { JOB_SCHEMA } from './schema.ts';

export const QUEUES = {
  export: 'export',
  exportDead: 'export-dead',
  frameSet: 'frame-set',
  frameSetDead: 'frame-set-dead',
  reviewReport: 'review-report',
  reviewReportDead: 'review-report-dead',
  /** A saved 360 preset's frames prepared ahead of any shopper (issue 43): one queued job per preset. */
  spinPrepare: 'spin-prepare',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** A job as a handler gets it: pg-boss's record, and a signal aborted when the job expires or the process stops. */
export type Job<T = Record<string, unknown>> = PgBoss.JobWithMetadata<T> & { signal: AbortSignal };
/** Resolves to the job's output (completed); throwing fails this attempt (retried with backoff, then dead-lettered). */
export type JobHandler<T = Record<string, unknown>> = (job: Job<T>) => Promise<object>;

/** Why a dead-lettered job failed: the error its last attempt stored (pg-boss copies it as the output). */
export function failureOf(job: PgBoss.JobWithMetadata<unknown>): string | undefined {
  const out = job.output as { message?: unknown; reason?: unknown } | null;
  const why = out?.reason ?? out?.message;
  return typeof why === 'string' && why ? why : undefined;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Our Db (or one of its transactions) as pg-boss's executor: a job sent through a transaction commits with its rows. */
export const asJobDb = (db: Db): PgBoss.Db => ({
  executeSql: async (text: string, values?: unknown[]) =>
    // pg-boss sends its multi-statement scripts (install, migrations, locked maintenance) without values.
    values && values.length ? { rows: await db.query(text, values) } : { rows: await lastRows(db, text) },
});

/** A script of several statements: PGlite's exec answers each one's rows; pg's simple query the last one's (or none). */
async function lastRows(db: Db, text: string): Promise<unknown[]> {
  const lite = pgliteOf(db);
  if (!lite) return (await db.query(text)) ?? [];
  const results = await lite.exec(text);
  return results.at(-1)?.rows ?? [];
}

export class JobQueue {
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private stopped = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<AbortController>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: Log,
  ) {}

  /** Started on first use: a server that never queues anything never polls. */
  private open(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The job queue is stopped.'));
    this.starting ??= this.start().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    const { jobs } = this.config;
    const common = {
      schema: JOB_SCHEMA,
      schedule: false,
      maintenanceIntervalSeconds: jobs.superviseSeconds,
      monitorStateIntervalSeconds: Math.max(60, jobs.superviseSeconds),
    };
    const boss = new PgBoss({ ...common, db: asJobDb(this.db) });
    boss.on('error', (err: unknown) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    const live = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: jobs.expireSeconds };
    await this.ensureQueue(boss, QUEUES.exportDead, {});
    await this.ensureQueue(boss, QUEUES.frameSetDead, {});
    await this.ensureQueue(boss, QUEUES.export, { ...live, deadLetter: QUEUES.exportDead });
    await this.ensureQueue(boss, QUEUES.frameSet, { ...live, deadLetter: QUEUES.frameSetDead });
    await this.ensureQueue(boss, QUEUES.reviewReportDead, {});
    await this.ensureQueue(boss, QUEUES.reviewReport, { ...live, deadLetter: QUEUES.reviewReportDead });
    // 'stately': at most one job per preset waits (its singletonKey), and it prepares the version current when it runs.
    await this.ensureQueue(boss, QUEUES.spinPrepare, { ...live, policy: 'stately' });
    this.boss = boss;
    return boss;
  }

  /**
   * Processes started together race to create the queues: PostgreSQL may pick one of them as a
   * deadlock victim, or the other may be mid-commit. So a failed attempt looks again, then retries.
   */
  private async ensureQueue(boss: PgBoss, name: QueueName, options: Omit<PgBoss.Queue, 'name'>) {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(name)) return await boss.updateQueue(name, { name, ...options });
        return await boss.createQueue(name, { name, ...options });
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
  }

  /**
   * Starts the queue. Call it before a transaction that sends a job: on PGlite pg-boss's own start-up
   * queries would wait for that transaction (one connection) while it waits for them.
   */
  async ready(): Promise<void> {
    await this.open();
  }

  /** Queues a job; with `db` a transaction of ours (call ready() first), it exists only if that transaction commits. */
  async send(
    name: QueueName,
    data: object,
    options: { db?: Db; singletonKey?: string; priority?: number; startAfter?: number } = {},
  ): Promise<string | null> {
    const boss = await this.open();
    return boss.send(name, data, {
      ...(options.db && { db: asJobDb(options.db) }),
      ...(options.singletonKey && { singletonKey: options.singletonKey }),
      ...(options.priority !== undefined && { priority: options.priority }),
      ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
    });
  }

  /** Works the given queues in this process: JOB_CONCURRENCY workers per queue, one job each at a time. */
  async work(handlers: Partial<Record<QueueName, JobHandler>>): Promise<void> {
    const boss = await this.open();
    for (const [name, handler] of Object.entries(handlers) as [QueueName, JobHandler][]) {
      for (let i = 0; i < this.config.jobs.concurrency; i++) {
        await boss.work<Record<string, unknown>>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
          async ([job]) => this.run(handler, job!),
        );
      }
    }
  }

  /** One attempt, with a signal that aborts just before pg-boss gives the job up (expiry) or when we stop. */
  private async run(handler: JobHandler, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<object> {
    const ac = new AbortController();
    const expiry = setTimeout(
      () => ac.abort(new Error('The job took longer than its time limit.')),
      Math.max(1, job.expireInSeconds - 1) * 1000,
    );
    this.running.add(ac);
    try {
      return await handler(Object.assign(job, { signal: ac.signal }));
    } catch (err) {
      jobFailures.inc({ queue: job.name });
      throw err;
    } finally {
      clearTimeout(expiry);
      this.running.delete(ac);
    }
  }

  /** pg-boss's record of a job (state, retries, output), for tests and the bench. */
  async jobById(name: QueueName, id: string) {
    return (await this.open()).getJobById(name, id, { includeArchive: true });
  }

  /** Runs `fn` every `ms` until the queue stops (the sweeps of a working process). */
  repeat(ms: number, fn: () => Promise<unknown>): void {
    const t = setInterval(() => void fn().catch((err: unknown) => this.log.warn({ err }, 'periodic job task')), ms);
    t.unref();
    this.timers.push(t);
  }

  /** Lets running jobs finish (up to `timeoutMs`); what is still running then is aborted, so it is retried. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    if (!boss) return;
    const late = setTimeout(() => this.running.forEach((ac) => ac.abort(new Error('The worker stopped.'))), timeoutMs);
    await boss
      .stop({ graceful: true, wait: true, timeout: timeoutMs + 2000 })
      .catch((err: unknown) => this.log.warn({ err }, 'job queue stop'));
    clearTimeout(late);
  }
}
