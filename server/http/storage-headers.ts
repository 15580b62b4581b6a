// What a stored file is served with (issue 40), besides the storage scope's helmet headers (nosniff,
// `sandbox`): Content-Disposition, Cache-Control and Cross-Origin-Resource-Policy by what the file is.
// - Inline only for the types the portal's screens and the public pages display (images, videos, 3D
//   models); anything else is an attachment, so an uploaded HTML, SVG or PDF never opens as a page here.
// - What shoppers load (the 360 frame sets, a product's /viewer/ model, .usdz and poster) is public and
//   immutable, and cross-origin so that shops and oEmbed consumers may show it; every other file (uploads,
//   exports) is private to the browser that fetched it. /storage URLs are capabilities (README).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { SPINS } from '../domain/frame-sets.ts';

export const INLINE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif', 'avif', 'mp4', 'webm', 'mov', 'glb', 'usdz']);
export const PUBLIC_FILE = 'public, max-age=31536000, immutable';
export const PRIVATE_FILE = 'private, max-age=604800';

const extOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

/** Viewer files, looked up once a minute per path at most (a page of thumbnails asks for many). */
class PublicFiles {
  private readonly known = new Map<string, { isPublic: boolean; at: number }>();
  private static readonly TTL_MS = 60_000;
  private static readonly MAX = 20_000;
  constructor(private readonly db: Db) {}

  async isPublic(path: string): Promise<boolean> {
    if (path.startsWith(`${SPINS}/`)) return true;
    if (!INLINE_EXTENSIONS.has(extOf(path))) return false;
    const hit = this.known.get(path);
    if (hit && Date.now() - hit.at < PublicFiles.TTL_MS) return hit.isPublic;
    const row = await this.db.one(
      `SELECT 1 FROM product_viewers WHERE file_glb = $1 UNION ALL SELECT 1 FROM product_viewers WHERE file_usdz = $1
       UNION ALL SELECT 1 FROM product_viewers WHERE image_lazy_load = $1 LIMIT 1`,
      [path],
    );
    if (this.known.size >= PublicFiles.MAX) this.known.clear();
    this.known.set(path, { isPublic: !!row, at: Date.now() });
    return !!row;
  }
}

function storedPath(req: FastifyRequest): string | undefined {
  const raw = (req.params as { '*'?: string })['*'];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** An onSend hook for the /storage scope: set once the answer is known (a 404 gets none of these). */
export function installStorageHeaders(files: FastifyInstance, db: Db): void {
  const publicFiles = new PublicFiles(db);
  files.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    const path = storedPath(req);
    if (!path || reply.statusCode >= 400) return payload;
    const isPublic = await publicFiles.isPublic(path);
    reply.header('cache-control', isPublic ? PUBLIC_FILE : PRIVATE_FILE);
    reply.header('cross-origin-resource-policy', isPublic ? 'cross-origin' : 'same-origin');
    if (!reply.hasHeader('content-disposition') && !INLINE_EXTENSIONS.has(extOf(path)))
      reply.header('content-disposition', 'attachment');
    return payload;
  });
}
