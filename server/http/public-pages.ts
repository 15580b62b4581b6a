// The public pages (issue 14, DESIGN "Serving"): /iframe/360 (the 360 embed) and /viewer/ (the 3D viewer),
// entries of their own in the portal's build. Each answers 404 (the 'not available' page, nothing of the product) unless the
// query names a live product with its share key, so embeds cannot be enumerated by id. The HTML gets the
// oEmbed discovery <link> for its own address; /oembed itself sits at the root, as consumers expect.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { embeds } from '../../src/api/contract/embeds.ts';
import { pageProduct } from '../domain/embeds.ts';
import { oembedOf } from '../domain/oembed.ts';
import type { Services } from '../services.ts';
import { UNAVAILABLE_SLOT, unavailableMarkup } from '../../src/entries/unavailable.ts';
import { withInputRules } from './input-rules.ts';

export const PUBLIC_PAGES: Record<string, string> = {
  '/iframe/360': 'iframe-360.html',
  '/viewer/': 'viewer.html',
};
export const PAGE_CACHE = 'public, max-age=300';

export const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's HTML: the built entry, or (no build, as in server tests) a bare page that says so. */
export async function pageHtml(distDir: string, file: string): Promise<string> {
  const built = join(distDir, file);
  if (existsSync(built)) return readFile(built, 'utf8');
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Facet</title></head><body>The portal is not built.</body></html>';
}

// Without a build (server tests) the page still reads right: the tokens' colours inline, Inter if installed.
const BARE_UNAVAILABLE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex"><title>Not available</title><style>html,body{height:100%;margin:0}body{display:grid;place-items:center;background:#f6f7f9;color:#111827;font:400 13px/18px 'Inter Variable',Inter,system-ui,sans-serif;text-align:center}h1{margin:0 0 8px;font-size:16px;line-height:24px;font-weight:600}p{margin:0;color:#4a5567}.unavailable-icon{color:#4a5567}</style></head><body>${UNAVAILABLE_SLOT}</body></html>`;

/** The 'not available' page (status 404): the built one in the product's look, with the words filled in. */
export async function unavailableHtml(distDir: string): Promise<string> {
  const built = join(distDir, 'not-available.html');
  const html = existsSync(built) ? await readFile(built, 'utf8') : BARE_UNAVAILABLE;
  return html.replace(UNAVAILABLE_SLOT, unavailableMarkup());
}

function withDiscovery(html: string, s: Services, req: FastifyRequest, title: string): string {
  const self = new URL(req.url, s.config.publicUrl).toString();
  const href = new URL(`/oembed?url=${encodeURIComponent(self)}`, s.config.publicUrl).toString();
  const link = `<link rel="alternate" type="application/json+oembed" href="${escape(href)}" title="${escape(title)}">`;
  // The product's name in the title from the first byte (the page sets the same once it has loaded).
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`);
  return titled.includes('</head>') ? titled.replace('</head>', `${link}</head>`) : `${link}${titled}`;
}

export function registerPublicPages(app: FastifyInstance, s: Services) {
  for (const [path, file] of Object.entries(PUBLIC_PAGES)) {
    const paths = path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
    for (const p of paths) {
      app.get(p, { schema: { hide: true } }, async (req, reply) => {
        const page = await pageProduct(s, path, req.query as Record<string, unknown>);
        // A shopper's page: words in the product's look, never the API's JSON (issue 26).
        if (!page)
          return reply
            .status(404)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(await unavailableHtml(s.config.distDir));
        reply.header('cache-control', PAGE_CACHE).type('text/html; charset=utf-8');
        return withDiscovery(await pageHtml(s.config.distDir, file), s, req, page.title);
      });
    }
  }
}

/** oEmbed at the root as well as under the API prefix (the contract's entry); the same handler and rules. */
export function registerOembed(app: FastifyInstance, s: Services) {
  app.get('/oembed', { schema: { hide: true, querystring: withInputRules(embeds.oembed.query) } }, async (req, reply) => {
    const answer = await oembedOf(s, req.query as Parameters<typeof oembedOf>[1]);
    reply.header('cache-control', 'public, max-age=60').header('access-control-allow-origin', '*');
    return answer;
  });
}
