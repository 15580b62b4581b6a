// The Content-Security-Policy and Permissions-Policy of each scope, as data (issue 40). No imports:
// the build (vite.config.ts) reads the portal's policy too, and folds its hash into the revision of
// the service worker's precached index.html, so an installed portal picks up a changed policy.

export type Scope = 'api' | 'portal' | 'public-page' | 'signed-page' | 'storage';
/** The scopes whose answers are pages (they get the page-only headers). */
export type PageScope = 'portal' | 'public-page' | 'signed-page';
export type Directives = Record<string, string[]>;

/** Where browsers post what the policy blocked (csp-reports.ts counts them). */
export const CSP_REPORT_PATH = '/csp-report';

/**
 * The pages' own sources. model-viewer (the Viewer 3D section, /viewer/) compiles its Draco and KTX2
 * decoders (WebAssembly: 'wasm-unsafe-eval', never 'unsafe-eval'), runs them in blob: workers and reads
 * a model's embedded textures through blob: URLs; file previews are blob: and data: images and media.
 * style-src keeps 'unsafe-inline' on purpose: sonner, Radix's scroll lock and model-viewer's shadow
 * root inject <style> elements; scripts stay strict, which is what an injected payload would need.
 */
const PAGE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'blob:', 'data:'],
  'manifest-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // report-uri alone: with report-to beside it Chromium ignores report-uri and sends its reports in
  // batches up to a minute later (docs/decisions.md).
  'report-uri': [CSP_REPORT_PATH],
};

export const PORTAL_DIRECTIVES: Directives = { ...PAGE_DIRECTIVES, 'frame-ancestors': ["'none'"] };

export function directivesFor(scope: Scope, embedFrameAncestors: string[]): Directives {
  if (scope === 'portal') return PORTAL_DIRECTIVES;
  if (scope === 'public-page') return { ...PAGE_DIRECTIVES, 'form-action': ["'none'"], 'frame-ancestors': embedFrameAncestors };
  // A review version's AR page (a signed link, issue 42): opened by its own link, never framed.
  if (scope === 'signed-page') return { ...PAGE_DIRECTIVES, 'form-action': ["'none'"], 'frame-ancestors': ["'none'"] };
  // A stored file opened as a page runs nothing and reaches nothing (an uploaded HTML or SVG).
  if (scope === 'storage') return { 'default-src': ["'none'"], sandbox: [] };
  return { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
}

/**
 * The KTX2 (Basis) transcoder's worker (scripts/vite-decoders.ts): Emscripten's embind builds functions
 * at run time, so this one worker, and no page, may evaluate code. It imports the transcoder from the
 * blob: URL the loader made and fetches nothing else (the WebAssembly bytes come by message).
 */
export const KTX2_WORKER_PATH = '/decoders/basis/ktx2-worker.js';
export const KTX2_WORKER_POLICY = "default-src 'none'; script-src blob: 'unsafe-eval' 'wasm-unsafe-eval'";

/** Features a page may use; every other powerful feature is off (helmet has no Permissions-Policy option). */
const DENIED = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];
const permissions = (allowed: string[]) => [...DENIED.map((f) => `${f}=()`), ...allowed.map((f) => `${f}=(self)`)].join(', ');
/** What each page may use (JSON answers and stored files are not pages: they send none). */
export const PERMISSIONS: Record<PageScope, string> = {
  // fullscreen: the 360 player; xr-spatial-tracking: model-viewer's WebXR AR; clipboard-write: the embed codes' Copy.
  portal: permissions(['fullscreen', 'xr-spatial-tracking', 'clipboard-write']),
  'public-page': permissions(['fullscreen', 'xr-spatial-tracking']),
  'signed-page': permissions(['fullscreen', 'xr-spatial-tracking']),
};
