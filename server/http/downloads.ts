// /storage/<path>?download=1 (the portal's Download links): the stored file as an attachment under the
// name it was uploaded with, looked up by its path (a technical file's, a section upload's or a studio
// file's name), else
// the stored file's own name. The name comes from our rows, never from the URL, so a crafted link
// cannot make our origin offer a file under a name of its choosing.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { attachment } from './content-disposition.ts';

export async function storedName(db: Db, path: string): Promise<string | undefined> {
  const row = await db.one<{ name: string }>(
    `SELECT name FROM product_assets WHERE path = $1 AND name IS NOT NULL
     UNION ALL SELECT name FROM product_uploads WHERE path = $1
     UNION ALL SELECT name FROM product_automation_files WHERE path = $1 LIMIT 1`,
    [path],
  );
  return row?.name;
}

/** An onRequest hook for the /storage routes: sets the header; the route then sends the file (or its 404). */
export const downloadHeader = (db: Db) => async (req: FastifyRequest, reply: FastifyReply) => {
  if ((req.query as { download?: string }).download === undefined) return;
  const path = (req.params as { '*'?: string })['*'] ?? '';
  const name = (await storedName(db, path)) ?? path.split('/').pop();
  if (name) reply.header('content-disposition', attachment(name));
};
