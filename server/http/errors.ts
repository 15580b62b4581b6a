// Every refusal leaves the server as 4xx {success:false, message, errors?}.
import type { FastifyError, FastifyInstance } from 'fastify';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra fields for the body (a 409 carries the current row). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new ApiError(422, message, errors);
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') => new ApiError(403, message);
export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');

/** One field's message, the shape the specs read (first message of the first field). */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

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

function describe(issue: AjvIssue, field: string): string {
  switch (issue.keyword) {
    case 'required':
      return `The ${field} field is required.`;
    case 'maxLength':
      return `The ${field} field must not be greater than ${String(issue.params.limit)} characters.`;
    case 'minLength':
      return `The ${field} field must be at least ${String(issue.params.limit)} characters.`;
    case 'type':
      return `The ${field} field must be of type ${String(issue.params.type)}.`;
    default:
      return `The ${field} field ${issue.message ?? 'is invalid'}.`;
  }
}

export function toFieldErrors(issues: AjvIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // A union of literals reports one `const` issue per branch: gather them into one "must be one of".
  const choices: Record<string, unknown[]> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (issue.keyword === 'const') (choices[field] ??= []).push(issue.params.allowedValue);
    else if (issue.keyword !== 'anyOf') (errors[field] ??= []).push(describe(issue, field));
  }
  for (const [field, allowed] of Object.entries(choices)) {
    if (!errors[field]) errors[field] = [`The ${field} field must be one of: ${allowed.join(', ')}.`];
  }
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (issue.keyword === 'anyOf' && !errors[field]) errors[field] = [`The ${field} field is invalid.`];
  }
  return errors;
}

/** Requests Node refuses before Fastify sees them (e.g. a 100 kB query) still get the error shape. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (!socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({ success: false, message: tooLarge ? 'The request is too large.' : 'Bad request.' });
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.status).send({ success: false, message: err.message, errors: err.errors, ...err.extra });
    }
    if (err.validation) {
      const errors = toFieldErrors(err.validation as AjvIssue[]);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ success: false, message: first, errors });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: err.message });
    }
    req.log.error(err);
    return reply.status(500).send({ success: false, message: 'Internal server error.' });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ success: false, message: 'Not found.' }));
}
