// Input checked outside a request (`npm run create-staff`) by what checks a route's body: the same Ajv,
// input rules and error words, through one throwaway route answered in memory (never listening).
import Fastify from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { installErrorHandler } from './errors.ts';
import { AJV_OPTIONS, withInputRules } from './input-rules.ts';
import { SCHEMA_CONTROLLER } from './schema-compilers.ts';

/** The message a route with this body schema would refuse the body with (its 422's), or undefined. */
export async function bodyRefusal(schema: TSchema, body: Record<string, unknown>): Promise<string | undefined> {
  const app = Fastify({ ajv: AJV_OPTIONS, schemaController: SCHEMA_CONTROLLER });
  installErrorHandler(app);
  app.post('/', { schema: { body: withInputRules(schema) } }, async () => ({ success: true }));
  try {
    const res = await app.inject({ method: 'POST', url: '/', payload: body });
    return res.statusCode === 200 ? undefined : (res.json() as { message: string }).message;
  } finally {
    await app.close();
  }
}
