// The input rules every route gets from its schema, whatever its contract file wrote:
// no U+0000 in a string, no non-finite number, integers within PostgreSQL's range.
import type { FastifyServerOptions } from 'fastify';
import { FINITE, INT4 } from '../../src/api/contract/define.ts';
import { NO_NUL } from '../../src/api/contract/rules/words.ts';

/** Ajv plugin: the `x-finite` keyword of the contract's number pieces. It runs after coercion. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Fastify types its Ajv plugins loosely
export function finiteKeyword(ajv: any) {
  return ajv.addKeyword({
    keyword: 'x-finite',
    schemaType: 'boolean',
    errors: false,
    validate: (on: boolean, data: unknown) => !on || typeof data !== 'number' || Number.isFinite(data),
  });
}

/** Fastify's Ajv for every route (app.ts), and for input checked outside a request (check-input.ts). */
export const AJV_OPTIONS: FastifyServerOptions['ajv'] = {
  customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true },
  plugins: [finiteKeyword],
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function harden(node: Node): void {
  const type = node.type;
  const fixed = 'enum' in node || 'const' in node;
  if (type === 'string' && !fixed && node.pattern === undefined && node.format === undefined) node.pattern = NO_NUL;
  if (type === 'integer' || type === 'number') Object.assign(node, FINITE);
  if (type === 'integer' && !fixed) {
    node.minimum ??= INT4.minimum;
    node.maximum ??= INT4.maximum;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.filter(isNode).forEach(harden);
    else if (isNode(value)) harden(value);
  }
}

/**
 * A copy of an input schema (body, query, params) where every bare string refuses U+0000 and
 * every number is finite and, for integers, within int4. The contract's pieces already say so;
 * this also covers a raw Type.String() or Type.Integer() a later contract may use.
 */
export function withInputRules<T>(schema: T): T {
  const copy = JSON.parse(JSON.stringify(schema)) as T;
  if (isNode(copy)) harden(copy);
  return copy;
}
