// Everything the server reads from the environment, in one place.
import { resolve } from 'node:path';
import { UPLOAD_LIMIT_MB } from '../src/api/contract/rules/files.ts';

export interface Config {
  port: number;
  host: string;
  /** Where the API is mounted; the portal owns every other path. */
  apiPrefix: string;
  databaseUrl?: string;
  /** SEED_DEMO: write the demo companies, accounts and products into a database with no company yet. */
  seedDemo: boolean;
  dataDir: string;
  dbDir: string;
  storageDir: string;
  /**
   * DEMO_CACHE_DIR: a folder of the demo's drawn layers shared by several data folders (tests and
   * benchmarks start many), so each layer is drawn once there; unset, each store keeps its own.
   */
  demoCacheDir?: string;
  /**
   * DEMO_LAYER_PX: the side of the demo's square layers (beauty, shadow, reflection), written into the
   * seeded rows and the drawn files' paths. 2400 by default, so no demo retailer's size upscales them;
   * test servers draw small ones.
   */
  demoLayerPx: number;
  /** STORAGE_URL=s3://bucket[/prefix]: stored files in an S3-compatible bucket instead of storageDir. */
  storageUrl?: string;
  /** S3_ENDPOINT (MinIO, R2, …), AWS_REGION, and keys (unset: the AWS SDK's default chain). */
  s3: { endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  mailDir: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Largest accepted upload, in bytes. */
  uploadLimit: number;
  /** The portal's own address, used in e-mailed links. */
  publicUrl: string;
  distDir: string;
  /** Requests per minute per client on login, forgot-password and registration. */
  authRateLimit: number;
  /**
   * LOGIN_THROTTLE_BASE_MS: an account's first wait after its free failed sign-ins (auth/throttle.ts),
   * doubled with each further failure up to 5 minutes. 2000 by default; tests use a small one.
   */
  loginThrottleBaseMs: number;
  /** Fastify's trustProxy: false (the default), a hop count, or a comma list of addresses/CIDRs. */
  trustProxy: false | number | string;
  logger: boolean;
  /** METRICS_PORT: Prometheus metrics on a listener of their own; unset, nothing listens. */
  metricsPort?: number;
  /** How long a stopping process waits for requests in flight (and then its jobs) before closing what is left. */
  shutdownTimeoutMs: number;
  /** Background jobs (issue 14; server/jobs). */
  jobs: JobsConfig;
  /**
   * EMBED_FRAME_ANCESTORS: who may frame the public pages (/iframe/360, /viewer/): CSP frame-ancestors
   * sources, space or comma separated. Default: any https: site and the portal itself.
   */
  embedFrameAncestors: string[];
  /**
   * FACET_SECRET: the key of the server's HMACs (idempotency fingerprints), kept outside the database;
   * unset, the server keeps one in <DATA_DIR>/secret.key (secret.ts).
   */
  secret?: string;
  /** IDEMPOTENCY_TTL_HOURS: how long a call's stored answer is kept for a replay (default 48). */
  idempotencyTtlHours: number;
  /**
   * The live channel (issue 44): LIVE_MAX_CONNECTIONS streams per account in one process (10), and
   * LIVE_MAX_BUFFER_KB unsent bytes a slow reader may hold before it is dropped (256).
   */
  live: { maxPerAccount: number; maxBufferBytes: number };
}

export interface JobsConfig {
  /** Whether this (web) process works jobs too; `npm run worker` processes always do. */
  inProcess: boolean;
  /** Jobs of each queue one process works at once. */
  concurrency: number;
  /** A job still running after this long is taken as lost (its worker died) and retried elsewhere. */
  expireSeconds: number;
  /** How often pg-boss's maintenance looks for expired jobs. */
  superviseSeconds: number;
  /** The widths every 360 frame is rendered in (WebP and JPEG). */
  spinWidths: number[];
  /**
   * PREPARE_SPINS: a saved 360 preset's frames are rendered ahead of any shopper, at low priority, and a
   * working process queues the presets that have none (issue 43). On by default; off in tests (configIn).
   */
  prepareSpins: boolean;
  /** How long an export's mailed link works. */
  exportLifetimeMs: number;
}

/** The login throttle's first wait by default (LOGIN_THROTTLE_BASE_MS). */
export const LOGIN_THROTTLE_BASE_MS = 2000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    apiPrefix: env.API_PREFIX ?? '/backend',
    databaseUrl,
    seedDemo: parseSeedDemo(env.SEED_DEMO, databaseUrl),
    dataDir,
    dbDir: resolve(dataDir, 'db'),
    storageDir: resolve(dataDir, 'storage'),
    storageUrl: env.STORAGE_URL || undefined,
    demoCacheDir: env.DEMO_CACHE_DIR ? resolve(env.DEMO_CACHE_DIR) : undefined,
    demoLayerPx: parseDemoLayerPx(env.DEMO_LAYER_PX),
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
      accessKeyId: env.AWS_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY || undefined,
    },
    mailDir: resolve(dataDir, 'mail'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Facet <no-reply@facet.test>',
    uploadLimit: Number(env.UPLOAD_LIMIT_MB ?? UPLOAD_LIMIT_MB) * 1024 * 1024,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
    loginThrottleBaseMs: positiveNumber('LOGIN_THROTTLE_BASE_MS', env.LOGIN_THROTTLE_BASE_MS, LOGIN_THROTTLE_BASE_MS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logger: env.LOG !== '0',
    metricsPort: optionalPort('METRICS_PORT', env.METRICS_PORT),
    shutdownTimeoutMs: (() => {
      const ms = Number(env.SHUTDOWN_TIMEOUT_MS ?? 25_000);
      return Number.isFinite(ms) && ms >= 0 ? ms : 25_000;
    })(),
    jobs: {
      inProcess: env.WORKERS_IN_PROCESS !== '0' && env.WORKERS_IN_PROCESS !== 'false',
      concurrency: Math.max(1, Number(env.JOB_CONCURRENCY ?? 1)),
      expireSeconds: Math.max(2, Number(env.JOB_EXPIRE_SECONDS ?? 900)),
      superviseSeconds: Math.max(1, Number(env.JOB_SUPERVISE_SECONDS ?? 15)),
      spinWidths: (env.SPIN_WIDTHS ?? '640,1280,2560')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0 && n <= 8000),
      exportLifetimeMs: Number(env.EXPORT_LINK_DAYS ?? 7) * 24 * 3600 * 1000,
      prepareSpins: env.PREPARE_SPINS !== '0' && env.PREPARE_SPINS !== 'false',
    },
    embedFrameAncestors: parseFrameAncestors(env.EMBED_FRAME_ANCESTORS),
    secret: env.FACET_SECRET?.trim() || undefined,
    idempotencyTtlHours: positiveNumber('IDEMPOTENCY_TTL_HOURS', env.IDEMPOTENCY_TTL_HOURS, 48),
    live: {
      maxPerAccount: Math.floor(positiveNumber('LIVE_MAX_CONNECTIONS', env.LIVE_MAX_CONNECTIONS, 10)),
      maxBufferBytes: positiveNumber('LIVE_MAX_BUFFER_KB', env.LIVE_MAX_BUFFER_KB, 256) * 1024,
    },
  };
  return { ...config, ...overrides };
}

/** A port number, or undefined when unset; anything else stops the start (a typo must not silently turn metrics off). */
export function optionalPort(name: string, value: string | undefined): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0-65535), not ${v}`);
  return n;
}

/** A positive number, or the default when unset; anything else stops the start. */
function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  const v = value?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${value}")`);
  return n;
}

/**
 * The public pages' frame-ancestors sources. Each must be a CSP source expression: a scheme (`https:`),
 * a host with optional scheme, port and `*.` prefix, or 'self' / 'none'; anything else stops the start,
 * since a stray token would silently widen or break every embed.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const v = value?.trim();
  if (!v) return ['https:', "'self'"];
  const sources = v.split(/[\s,]+/).filter(Boolean);
  const source = /^(?:'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?)$/i;
  const bad = sources.find((s) => !source.test(s));
  if (bad)
    throw new Error(
      `EMBED_FRAME_ANCESTORS: "${bad}" is not a frame-ancestors source (https:, 'self', https://shop.example, *.example.com)`,
    );
  return sources;
}

export const DEMO_LAYER_PX = { default: 2400, min: 240, max: 4800 } as const;

/**
 * The demo layers' side in pixels; anything but a whole number in range stops the start (a typo must
 * not silently seed a demo of another size). Each layer is drawn on first read, and the public
 * /storage path draws only this size, so the range bounds the work a request can cause.
 */
export function parseDemoLayerPx(value: string | undefined): number {
  const v = value?.trim();
  if (!v) return DEMO_LAYER_PX.default;
  const n = Number(v);
  if (!Number.isInteger(n) || n < DEMO_LAYER_PX.min || n > DEMO_LAYER_PX.max) {
    throw new Error(
      `DEMO_LAYER_PX must be a whole number of pixels from ${DEMO_LAYER_PX.min} to ${DEMO_LAYER_PX.max} (got "${value}")`,
    );
  }
  return n;
}

/**
 * Proxy headers (X-Forwarded-For) decide the client's address, and so the rate limits: they are
 * trusted only when TRUST_PROXY says which hops may set them.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim();
  if (!v) return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .join(',');
}

/**
 * The demo's accounts share one known password, so they are written only where asked for: by default on
 * the embedded database (`npm start` opens on the demo), never by default on PostgreSQL (DATABASE_URL).
 * A value other than true/false/1/0 stops the start rather than guess.
 */
export function parseSeedDemo(value: string | undefined, databaseUrl: string | undefined): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return !databaseUrl;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`SEED_DEMO must be true, false, 1 or 0 (got "${value}")`);
}

/** A config rooted in one folder (tests and benchmarks); jobs are queued but only worked when a test asks; no spin is prepared ahead. */
export function configIn(dataDir: string, overrides: Partial<Config> = {}): Config {
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG: '0', AUTH_RATE_LIMIT: '1000', WORKERS_IN_PROCESS: '0' },
    { databaseUrl: undefined, ...overrides },
  );
  // Also when a test's jobs start from loadConfig's defaults: the seed's presets would take the cores.
  config.jobs = { ...config.jobs, prepareSpins: false };
  return config;
}
