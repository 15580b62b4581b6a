// POST /csp-report (issue 40): where browsers send what the Content-Security-Policy blocked, in the
// report-uri format (`application/csp-report`, {"csp-report": {...}}) or the Reporting API's
// (`application/reports+json`, [{type: "csp-violation", body: {...}}]). Each one is counted (metrics),
// logged (at most LOG_LIMIT lines a minute, so a hostile page cannot flood the log) and kept in a short
// list that the browser tests read: a journey that raises any violation fails its group.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cspViolations } from '../metrics/registry.ts';
import { CSP_REPORT_PATH } from './content-policy.ts';

export interface CspViolation {
  documentUri: string;
  directive: string;
  blockedUri: string;
  sample?: string;
  source?: string;
}

const BODY_LIMIT = 64 * 1024;
const KEPT = 500;
const LOG_LIMIT = 30;
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : '');

/** One report of either format, or undefined for something else. */
function violationOf(raw: Record<string, unknown>): CspViolation | undefined {
  const directive = text(raw['effective-directive'] ?? raw.effectiveDirective ?? raw['violated-directive']);
  if (!directive) return undefined;
  const line = raw['line-number'] ?? raw.lineNumber;
  return {
    documentUri: text(raw['document-uri'] ?? raw.documentURL),
    directive,
    blockedUri: text(raw['blocked-uri'] ?? raw.blockedURL),
    sample: text(raw['script-sample'] ?? raw.sample) || undefined,
    source: text(raw['source-file'] ?? raw.sourceFile)
      ? `${text(raw['source-file'] ?? raw.sourceFile)}:${String(line ?? '')}`
      : undefined,
  };
}

export function violationsIn(body: unknown): CspViolation[] {
  const records: unknown[] = Array.isArray(body)
    ? body.map((r) => (r as { body?: unknown })?.body)
    : [(body as Record<string, unknown>)?.['csp-report']];
  return records
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map(violationOf)
    .filter((v) => !!v);
}

export class CspReports {
  /** The latest violations of this process (the browser tests assert there are none). */
  readonly kept: CspViolation[] = [];
  private logged = 0;
  private window = 0;

  add(v: CspViolation, log: FastifyRequest['log']): void {
    cspViolations.inc({ directive: v.directive });
    this.kept.push(v);
    if (this.kept.length > KEPT) this.kept.shift();
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.window) [this.window, this.logged] = [minute, 0];
    if (++this.logged <= LOG_LIMIT) log.warn({ csp: v }, 'Content-Security-Policy violation');
  }
}

export function registerCspReports(app: FastifyInstance, reports: CspReports): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The report is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    });
    scope.post(CSP_REPORT_PATH, { schema: { hide: true }, bodyLimit: BODY_LIMIT }, async (req, reply) => {
      for (const v of violationsIn(req.body)) reports.add(v, req.log);
      return reply.status(204).send();
    });
  });
}
