// The public pages the portal's build makes as entries of their own (issue 14, DESIGN "Serving"):
// /iframe/360 (the 360 embed) and /viewer/ (the 3D viewer). Same HTML for every product (the page
// asks the public calls with the share key), so shared caches may keep it a few minutes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const PUBLIC_PAGES: Record<string, string> = {
  '/iframe/360': 'iframe-360.html',
  '/viewer/': 'viewer.html',
};

/** Needs @fastify/static's `sendFile` on the reply (registered for the portal's dist). */
export function registerPublicPages(app: FastifyInstance, distDir: string) {
  for (const [path, file] of Object.entries(PUBLIC_PAGES)) {
    if (!existsSync(join(distDir, file))) continue;
    const paths = path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
    for (const p of paths)
      app.get(p, { schema: { hide: true } }, (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return reply.sendFile(file, distDir);
      });
  }
}
