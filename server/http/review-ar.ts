// A review version's AR page and its files (issue 42, stage 3): /viewer/review/<token>/ is the public
// viewer's built page with the version's model written into it, and model.glb, model.usdz and poster
// beside it stream the version's stored files through the same signed token (review/ar-link.ts), so a
// phone never learns a long-lived /storage path. A token that is bad, tampered with or expired, or whose
// version is gone, answers the 404 'not available' page (never JSON). Nothing is cached past the
// expiry, nothing is indexed.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AR_FILES, arWords } from '../../src/api/contract/rules/review.ts';
import { SIGNED_VIEWER_ID, type SignedViewer } from '../../src/entries/signed-viewer.ts';
import { AR_PREFIX, arVersion, readArToken, type ArVersion } from '../review/ar-link.ts';
import type { Services } from '../services.ts';
import { MIME_OF } from '../storage/sniff.ts';
import { escape, pageHtml, unavailableHtml } from './public-pages.ts';
import { useScope } from './security-headers.ts';

const NOINDEX = 'noindex, nofollow, noarchive';
type FileName = keyof typeof AR_FILES;
const fileOf = (name: string) => (Object.keys(AR_FILES) as FileName[]).find((k) => AR_FILES[k] === name);
const pathOf = (v: ArVersion, file: FileName) => v[file];
const extOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

/** The version a token names, while it is valid; with how long it still is, in whole seconds. */
async function claimed(s: Services, token: string) {
  const claim = readArToken(s.secret, token);
  const version = claim && (await arVersion(s.db, claim.versionId));
  if (!claim || !version) return undefined;
  return { version, seconds: Math.max(0, Math.floor((claim.expiresAt.getTime() - Date.now()) / 1000)) };
}

/** The page's data as JSON inside <script type="application/json">: `<` escaped, so no text ends the element. */
const dataScript = (data: SignedViewer) =>
  `<script type="application/json" id="${SIGNED_VIEWER_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

function pageOf(html: string, v: ArVersion, base: string): string {
  const file = (f: FileName) => (pathOf(v, f) ? `${base}${AR_FILES[f]}` : null);
  const data: SignedViewer = {
    name: v.name,
    note: arWords.forReview(v.number),
    glb: `${base}${AR_FILES.glb}`,
    usdz: file('usdz'),
    poster: file('poster'),
  };
  const title = `<title>${escape(`${v.name}, version ${v.number} (for review)`)}</title>`;
  const titled = html.replace(/<title>[^<]*<\/title>/, title).replace(/<meta name="robots"[^>]*>/, '');
  const head = `<meta name="robots" content="${NOINDEX}">${dataScript(data)}`;
  return titled.includes('</head>') ? titled.replace('</head>', `${head}</head>`) : `${head}${titled}`;
}

export async function registerReviewAr(app: FastifyInstance, s: Services) {
  const gone = async (reply: FastifyReply) =>
    reply
      .status(404)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', NOINDEX)
      .type('text/html; charset=utf-8')
      .send(await unavailableHtml(s.config.distDir));

  // The page: never framed, no Referer (its address is the capability).
  await app.register(async (pages) => {
    useScope(pages, 'signed-page', s.config);
    for (const url of [`${AR_PREFIX}/:token`, `${AR_PREFIX}/:token/`])
      pages.get(url, { schema: { hide: true } }, async (req, reply) => {
        const found = await claimed(s, (req.params as { token: string }).token);
        if (!found) return gone(reply);
        const base = `${AR_PREFIX}/${(req.params as { token: string }).token}/`;
        return reply
          .header('cache-control', 'no-store')
          .header('x-robots-tag', NOINDEX)
          .type('text/html; charset=utf-8')
          .send(pageOf(await pageHtml(s.config.distDir, 'viewer.html'), found.version, base));
      });
    // Any other address under the prefix (no token, a token past the router's length) is no link either.
    pages.get(`${AR_PREFIX}/*`, { schema: { hide: true } }, async (_req, reply) => gone(reply));
    pages.get(AR_PREFIX, { schema: { hide: true } }, async (_req, reply) => gone(reply));
  });

  // Its files: the stored file streamed (no /storage path), cached by this browser alone, and only until the link expires.
  await app.register(async (files) => {
    useScope(files, 'storage', s.config);
    files.get(`${AR_PREFIX}/:token/:file`, { compress: false, schema: { hide: true } }, async (req, reply) => {
      const { token, file: name } = req.params as { token: string; file: string };
      const file = fileOf(name);
      const found = file && (await claimed(s, token));
      const path = found && pathOf(found.version, file);
      const body = path ? await s.storage.readStream(path).catch(() => undefined) : undefined;
      if (!found || !path || !body) return gone(reply);
      return reply
        .header('content-type', MIME_OF[extOf(path)] ?? 'application/octet-stream')
        .header('cache-control', `private, max-age=${found.seconds}`)
        .header('cross-origin-resource-policy', 'same-origin')
        .header('x-robots-tag', NOINDEX)
        .send(body);
    });
  });
}
