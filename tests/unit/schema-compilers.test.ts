// Route schemas are compiled once per process: two Fastify instances with equal schemas (fresh copies,
// as withInputRules makes them) share one validator and one serializer, and both still refuse and
// shape what their schema says.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS, withInputRules } from '../../server/http/input-rules.ts';
import { SCHEMA_CONTROLLER } from '../../server/http/schema-compilers.ts';

const body = { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] };
const reply = { 200: { type: 'object', properties: { name: { type: 'string' } } } };

async function appWith(schemaBody: object) {
  const app = Fastify({ ajv: AJV_OPTIONS, schemaController: SCHEMA_CONTROLLER });
  app.post('/', { schema: { body: withInputRules(schemaBody), response: reply } }, async (req) => ({
    ...(req.body as object),
    secret: 'x',
  }));
  await app.ready();
  return app;
}

describe('schema compilers', () => {
  it('give two instances one compiled validator for equal schemas, and another for a different one', async () => {
    const compile = SCHEMA_CONTROLLER!.compilersFactory!.buildValidator! as unknown as (
      e: object,
      o: object,
    ) => (r: object) => unknown;
    const options = { customOptions: {}, plugins: [] };
    const a = compile({}, options)({ schema: withInputRules(body), httpPart: 'body' });
    const b = compile({}, options)({ schema: withInputRules(body), httpPart: 'body' });
    const c = compile({}, options)({ schema: withInputRules({ ...body, required: [] }), httpPart: 'body' });
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('still refuse and shape answers by the route schema, in every instance', async () => {
    for (let i = 0; i < 2; i++) {
      const app = await appWith(body);
      const bad = await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } });
      expect(bad.statusCode).toBe(400);
      const ok = await app.inject({ method: 'POST', url: '/', payload: { name: 'Ada' } });
      expect(ok.json()).toEqual({ name: 'Ada' }); // the serializer drops what the reply schema does not name
      await app.close();
    }
  });
});
