// Registers handlers from the contract: one entry, one route, one guard.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Body, Endpoint, Params, Query, Reply } from '../../src/api/contract/define.ts';
import { ErrorReply } from '../../src/api/contract/define.ts';
import { authorize, identify, type Auth } from '../auth/guard.ts';
import { actorScope } from '../db/actor.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Services } from '../services.ts';
import { readMultipart, type Uploads } from './multipart.ts';
import { withInputRules } from './input-rules.ts';
import { operationExtensions } from './openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    uploads?: Uploads;
  }
}

export interface Ctx<E extends Endpoint> extends Services {
  query: Query<E>;
  body: Body<E>;
  params: Params<E>;
  files: Uploads;
  auth: E['auth'] extends 'public' ? Auth | undefined : Auth;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<Reply<E>>;
export type Handlers<C extends Record<string, Endpoint>> = { [K in keyof C]: Handler<C[K]> };

export interface RouteGroup {
  contract: Record<string, Endpoint>;
  handlers: Record<string, Handler<Endpoint>>;
}

/** Pairs a contract group with its handlers; the type demands one handler per entry. */
export const implement = <C extends Record<string, Endpoint>>(contract: C, handlers: NoInfer<Handlers<C>>): RouteGroup => ({
  contract,
  handlers: handlers as unknown as Record<string, Handler<Endpoint>>,
});

// Fastify wants "/a/:id" where the specs write "/a/{id}".
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function registerGroup(app: FastifyInstance, services: Services, group: RouteGroup) {
  for (const [name, e] of Object.entries(group.contract)) {
    const handler = group.handlers[name];
    if (!handler) throw new Error(`No handler for contract entry ${name} (${e.method} ${e.path})`);
    app.route({
      method: e.method,
      url: fastifyPath(e.path),
      schema: {
        summary: e.summary,
        ...operationExtensions(e),
        ...(e.params && { params: withInputRules(e.params) }),
        ...(e.query && { querystring: withInputRules(e.query) }),
        ...(e.body && { body: withInputRules(e.body) }),
        ...(e.files && { consumes: ['multipart/form-data', 'application/json'] }),
        response: { 200: e.response, '4xx': ErrorReply },
      },
      ...(e.plainJson && { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }),
      // A stream is written by its handler (reply.hijack), past every onSend hook; said here too.
      ...(e.stream && { compress: false as const }),
      config: {
        endpoint: e,
        ...(e.rateLimited && { rateLimit: { max: services.config.authRateLimit, timeWindow: '1 minute' } }),
      },
      onRequest: async (req) => {
        req.user = await identify(services.db, req, e);
      },
      // Multipart text parts become the body here, so that the schema validates them next.
      preValidation: e.files
        ? async (req) => {
            req.uploads = await readMultipart(req, e, services.config.uploadLimit);
          }
        : undefined,
      handler: async (req, reply) => {
        const auth = await authorize(services.db, req, e, req.user);
        // The user a write's transactions act as, for the live channel's "changed by" (server/db/actor.ts).
        return actorScope.run(auth?.user.id, () =>
          handler({
            ...services,
            query: req.query,
            body: req.body,
            params: req.params,
            files: req.uploads ?? {},
            auth: auth as Auth,
            req,
            reply,
          } as Ctx<Endpoint>),
        );
      },
    });
  }
}
