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
  for (const issue of issues) {
    // A union reports each branch; one message per field is what a reader needs.
    if (issue.keyword === 'anyOf' || issue.keyword === 'const') continue;
    const field = fieldOf(issue);
    (errors[field] ??= []).push(describe(issue, field));
  }
  return errors;
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
