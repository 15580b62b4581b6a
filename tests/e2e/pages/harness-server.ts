// Vite's dev server for the render harness page (kept out of the product bundle), plus the layer
// fixtures under /__fixtures/. Shared by tests/e2e/render*.test.ts and bench/render.bench.ts.
import { createServer as netServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { fixtures } from './fixtures.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const HARNESS_PATH = '/tests/e2e/pages/render-harness.html';
export const PREVIEW_PATH = '/tests/e2e/pages/preview-harness.html';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = netServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const serveFixtures = (): Plugin => ({
  name: 'render-fixtures',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      // /__fixtures/<name>, or /__fixtures/<w>x<h>/<name> for smaller layers (also under /storage/, as
      // the preset panel asks for stored layers: tests/e2e/pages/preview-harness.tsx).
      const m = /^(?:\/storage)?\/__fixtures\/(?:(\d+)x(\d+)\/)?([\w.-]+)/.exec(req.url ?? '');
      const f = m && (m[1] ? fixtures(Number(m[1]), Number(m[2])) : fixtures())[m[3]!];
      if (!f) return next();
      // no-store: every frame fetches its layers, as with real per-frame renders.
      res.writeHead(200, { 'content-type': f.type, 'content-length': f.body.length, 'cache-control': 'no-store' });
      res.end(f.body);
    });
  },
});

export interface Harness {
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** `proxy`: paths sent on to another server (e.g. the portal's /storage, for its layers); `preview`:
 *  the preset panel's preview page is used too (its modules are pre-bundled up front). */
export async function startHarness(options: { proxy?: Record<string, string>; preview?: boolean } = {}): Promise<Harness> {
  fixtures(); // draw them before the clock starts anywhere
  const port = await freePort();
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'warn',
    cacheDir: 'node_modules/.vite-render-harness',
    plugins: [serveFixtures()],
    worker: { format: 'es' },
    // Pre-bundle up front, so no mid-test reload when the worker first imports them.
    optimizeDeps: {
      entries: [HARNESS_PATH.slice(1), ...(options.preview ? [PREVIEW_PATH.slice(1)] : [])],
      include: ['comlink', 'jszip'],
    },
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null, proxy: options.proxy },
  });
  await server.listen();
  return { url: `http://127.0.0.1:${port}${HARNESS_PATH}`, origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}
