import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { publicPages } from './scripts/vite-public-pages.ts';
import { precompress } from './scripts/precompress.ts';
import { decoders } from './scripts/vite-decoders.ts';
import { createHash } from 'node:crypto';
import { PERMISSIONS, PORTAL_DIRECTIVES } from './server/http/content-policy.ts';

const api = process.env.VITE_API_URL ?? '/backend';
const serverPort = Number(process.env.PORT ?? 8080);
/**
 * The service worker answers navigations with the index.html it precached, under the headers it had
 * then: the portal's policy is folded into that entry's revision, so a new policy makes an installed
 * portal fetch index.html (and its headers) again.
 */
const policyRevision = createHash('sha256')
  .update(JSON.stringify([PORTAL_DIRECTIVES, PERMISSIONS.portal]))
  .digest('hex')
  .slice(0, 12);
/** Build output the service worker does not precache: the public entries and model-viewer's chunk. */
const PUBLIC_ONLY = [
  'iframe-360.html',
  'viewer.html',
  'not-available.html',
  'decoders/**',
  'assets/iframe-360-*',
  'assets/viewer-*',
  'assets/model-viewer-*',
  'assets/qr-*',
  'assets/not-available-*',
  'assets/show-unavailable-*',
];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Facet',
        short_name: 'Facet',
        description: 'Product catalogue, templates and imagery for the studio’s customers',
        theme_color: '#1f3a5f',
        background_color: '#f6f4f0',
        display: 'standalone',
        start_url: '/dashboard',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // The public pages (their own entries) and the 3D library are for visitors, not the offline portal.
        globIgnores: PUBLIC_ONLY,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((e) =>
              e.url === 'index.html' ? { ...e, revision: `${e.revision}-policy-${policyRevision}` } : e,
            ),
            warnings: [],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
    publicPages(), // after the PWA plugin: it removes the manifest link that one adds
    decoders(),
    // Last: brotli and gzip copies of every text file, the service worker included.
    precompress(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The portal, and the two public pages with their own small entries (no router, no app shell), and
    // their 'not available' page (the server answers a wrong share key with it, status 404).
    rolldownOptions: {
      input: {
        main: 'index.html',
        'iframe-360': 'iframe-360.html',
        viewer: 'viewer.html',
        'not-available': 'not-available.html',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      [api]: `http://localhost:${serverPort}`,
      '/storage': `http://localhost:${serverPort}`,
    },
  },
});
