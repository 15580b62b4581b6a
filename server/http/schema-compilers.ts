// Route schemas compiled once per process, not once per Fastify instance. Fastify's own compilers
// keep their cache inside one instance, and every route's input schema is a fresh copy
// (withInputRules), so each buildApp compiled all ~300 validators and serializers again: about
// 1.7 s of CPU per start. A process runs one app in production; tests and twins start hundreds.
// The cache is keyed by what the compiled function depends on: the options, the shared schemas
// and the route's schema, as JSON.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compiler = (route: { schema: unknown; httpPart?: string }) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compiler;

function memoised(pool: Factory, name: string): Factory {
  const compiled = new Map<string, unknown>();
  return (externalSchemas, options) => {
    const compile = pool(externalSchemas, options);
    const scope = `${name}|${JSON.stringify(externalSchemas)}|${JSON.stringify(options)}|`;
    return (route) => {
      const key = scope + JSON.stringify(route.schema);
      let fn = compiled.get(key);
      if (fn === undefined) compiled.set(key, (fn = compile(route)));
      return fn;
    };
  };
}

/** Fastify's own compilers (Ajv, fast-json-stringify), shared by every instance of this process. */
export const SCHEMA_CONTROLLER = {
  compilersFactory: {
    buildValidator: memoised(AjvCompiler() as unknown as Factory, 'validator'),
    buildSerializer: memoised(SerializerSelector() as unknown as Factory, 'serializer'),
  },
} as unknown as FastifyServerOptions['schemaController'];
