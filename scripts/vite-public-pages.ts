// The public pages' two entries (iframe-360.html, viewer.html; issue 14) in Vite: the dev server
// answers /iframe/360 and /viewer/ with them as the API server does, and neither page carries the
// portal's web app manifest (they are embeds and visitor pages, not the installable app).
import type { Plugin } from 'vite';

const PAGES: Array<[RegExp, string]> = [
  [/^\/iframe\/360\/?(\?|$)/, '/iframe-360.html'],
  [/^\/viewer\/?(\?|$)/, '/viewer.html'],
];

export function publicPages(): Plugin {
  return {
    name: 'facet-public-pages',
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const hit = PAGES.find(([re]) => re.test(req.url ?? ''));
        if (hit) req.url = hit[1] + (req.url!.includes('?') ? req.url!.slice(req.url!.indexOf('?')) : '');
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!PAGES.some(([, file]) => ctx.path === file) && ctx.path !== '/not-available.html') return html;
        return html.replace(/\s*<link rel="manifest"[^>]*>/, '');
      },
    },
  };
}
