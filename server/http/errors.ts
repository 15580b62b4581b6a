// Every refusal leaves the server as 4xx {success:false, message, errors?}.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inSentence, NO_NUL, ruleWords } from '../../src/api/contract/rules/words.ts';
import { productCodes } from '../../src/api/contract/rules/product.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra fields for the body (a 409 carries the current row). */
    readonly extra?: Record<string, unknown>,
    /** Response headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new ApiError(422, message, errors);
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found.`);
/** A product that is not there for the caller (deleted, or another company's): the 404 says so by its code. */
export const productGone = () => new ApiError(404, 'Product not found.', undefined, { code: productCodes.gone });
export const forbidden = (message = 'You do not have permission to do this.') => new ApiError(403, message);
export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');

/** One field's message, the shape the specs read (first message of the first field). */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

/** The rules of the contract's tables the schema cannot say: a 422 naming every broken one (the first as its message). */
export function refuseBroken(errors: Record<string, string[]>): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: AjvIssue): string {
  if (issue.keyword === 'required') return String(issue.params.missingProperty);
  if (issue.keyword === 'additionalProperties') return String(issue.params.additionalProperty);
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'input';
}

/** The contract's words for each kind of issue (rules/words.ts): a form refusing first says the same. */
function describe(issue: AjvIssue, field: string): string {
  const limit = Number(issue.params.limit);
  switch (issue.keyword) {
    case 'required':
      return ruleWords.required(field);
    case 'maxLength':
      return ruleWords.maxLength(field, limit);
    case 'minLength':
      return ruleWords.minLength(field, limit);
    case 'type':
      return ruleWords.type(field, String(issue.params.type));
    case 'pattern':
      return issue.params.pattern === NO_NUL ? ruleWords.noNul(field) : ruleWords.format(field);
    case 'x-finite':
      return ruleWords.finite(field);
    case 'maximum':
      return ruleWords.maximum(field, limit);
    case 'minimum':
      return ruleWords.minimum(field, limit);
    case 'exclusiveMinimum':
      return ruleWords.exclusiveMinimum(field, limit);
    case 'enum':
      return ruleWords.oneOf(field, issue.params.allowedValues as unknown[]);
    default:
      return `The ${field} field ${issue.message ?? 'is invalid'}.`;
  }
}

type SchemaNode = { title?: unknown; properties?: Record<string, SchemaNode> };

/** The field's label in the route's schema (its title, from the contract's rule tables), in a sentence; else its key. */
function nameIn(schema: SchemaNode | undefined, field: string): string {
  let node = schema;
  for (const part of field.split('.')) node = node?.properties?.[part];
  return typeof node?.title === 'string' && node.title ? inSentence(node.title) : field;
}

/** Errors by field key, each said with the field's label when the schema has one (issue 43). */
export function toFieldErrors(issues: AjvIssue[], schema?: SchemaNode): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // A union of literals reports one `const` issue per branch: gather them into one "must be one of".
  const choices: Record<string, unknown[]> = {};
  // A nullable field's null branch says "must be of type null": not worth saying beside the real issue.
  const real = new Set(
    issues.filter((i) => i.keyword !== 'anyOf' && !(i.keyword === 'type' && i.params.type === 'null')).map(fieldOf),
  );
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (issue.keyword === 'const') (choices[field] ??= []).push(issue.params.allowedValue);
    else if (issue.keyword === 'type' && issue.params.type === 'null' && real.has(field)) continue;
    else if (issue.keyword !== 'anyOf') (errors[field] ??= []).push(describe(issue, nameIn(schema, field)));
  }
  for (const [field, allowed] of Object.entries(choices)) {
    if (!errors[field]) errors[field] = [ruleWords.oneOf(nameIn(schema, field), allowed)];
  }
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (issue.keyword === 'anyOf' && !errors[field]) errors[field] = [`The ${nameIn(schema, field)} field is invalid.`];
  }
  return errors;
}

/** Requests Node refuses before Fastify sees them (e.g. a 100 kB query) still get the error shape. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (!socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({ success: false, message: tooLarge ? 'The request is too large.' : 'Bad request.' });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's own refusals, in words a client can show. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is malformed.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export const REQUEST_ID_HEADER = 'x-request-id';

/** A refusal raised before any route runs (a malformed URL): same shape, with the request id. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply
    .header(REQUEST_ID_HEADER, req.id)
    .status(status)
    .send({ success: false, message: FRAMEWORK_MESSAGES[err.code] ?? 'Bad request.' });
}

export function installErrorHandler(app: FastifyInstance) {
  // Every answer names its request, so that a user's report can be matched to the log.
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send({ success: false, message: err.message, errors: err.errors, ...err.extra });
    }
    if (err.validation) {
      const part = err.validationContext === 'querystring' ? 'querystring' : err.validationContext;
      const schema = part ? (req.routeOptions.schema as Record<string, SchemaNode> | undefined)?.[part] : undefined;
      const errors = toFieldErrors(err.validation as AjvIssue[], schema);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ success: false, message: first, errors });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRAMEWORK_MESSAGES[err.code] ??
        (err instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : err.message);
      return reply.status(status).send({ success: false, message });
    }
    // A bug: the log line carries the request id (pino's reqId) and the stack; the client gets only the id.
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Internal server error.', request_id: req.id });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ success: false, message: 'Not found.' }));
}
