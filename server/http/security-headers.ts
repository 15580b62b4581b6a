// Security headers on every answer (issue 40), with @fastify/helmet. Each scope names every helmet
// option itself rather than taking helmet's defaults, which send `upgrade-insecure-requests` (WebKit
// then upgrades http://localhost and loads a blank portal), HSTS on plain http, X-Frame-Options
// everywhere and a same-origin Cross-Origin-Resource-Policy that would break embeds.
//   api:         JSON only; nothing may frame or run it.                 (the global default: 404s too)
//   portal:      the PWA: scripts from this origin only, no framing.
//   public-page: /iframe/360, /viewer/ and their not-available page: framed by shops (EMBED_FRAME_ANCESTORS).
//   signed-page: a review version's AR page (/viewer/review/<signed>/): never framed, no Referer (its
//                address is the capability), same-origin resources.
//   storage:     stored files: sandboxed, never sniffed (storage-headers.ts adds disposition, cache, CORP).
import type { FastifyInstance, RouteOptions } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.ts';
import { directivesFor, PERMISSIONS, type PageScope, type Scope } from './content-policy.ts';

const isPage = (scope: Scope): scope is PageScope => scope === 'portal' || scope === 'public-page' || scope === 'signed-page';

/**
 * Every helmet option of a scope, spelled out. The headers that only a page uses (framing, the
 * referrer, the old XSS and download switches, the agent cluster) go on pages alone: a JSON answer or
 * a stored file carries its policy, nosniff and its resource policy, which keeps a routine pull of ten
 * unchanged lists (ten 304s) small.
 */
export function helmetOptions(scope: Scope, config: Config) {
  const https = config.publicUrl.startsWith('https:');
  const page = isPage(scope);
  const alone = scope === 'portal' || scope === 'signed-page';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: directivesFor(scope, config.embedFrameAncestors) },
    // No cross-origin isolation: the portal needs no SharedArrayBuffer, and it would block shop pages.
    crossOriginEmbedderPolicy: false,
    // A framed page ignores COOP, and on a public page opened alone it would only cut a shop's opener link.
    crossOriginOpenerPolicy: alone ? { policy: 'same-origin' } : false,
    // Stored files: set per file (public frame sets and viewer files are cross-origin), storage-headers.ts.
    crossOriginResourcePolicy: scope === 'storage' ? false : { policy: scope === 'public-page' ? 'cross-origin' : 'same-origin' },
    originAgentCluster: page,
    referrerPolicy: page ? { policy: scope === 'signed-page' ? 'no-referrer' : 'strict-origin-when-cross-origin' } : false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: page ? { allow: false } : false,
    xDownloadOptions: page,
    // frame-ancestors decides framing; X-Frame-Options is for browsers without it, and would forbid embeds.
    xFrameOptions: alone ? { action: 'deny' } : false,
    xPermittedCrossDomainPolicies: page ? { permittedPolicies: 'none' } : false,
    xPoweredBy: true,
    xXssProtection: page,
  } as const;
}

/**
 * helmet with the api scope as the default of every answer (404s and errors included), and the
 * Permissions-Policy beside it. Each other scope calls useScope in its own encapsulated context.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, { global: true, ...helmetOptions('api', config) } as FastifyHelmetOptions);
  app.addHook('onRequest', async (req, reply) => {
    const scope = (req.routeOptions.config as { scope?: Scope } | undefined)?.scope ?? 'api';
    if (isPage(scope)) reply.header('permissions-policy', PERMISSIONS[scope]);
  });
}

/** Every route registered in this context (static files' included) answers with the scope's headers. */
export function useScope(instance: FastifyInstance, scope: Scope, config: Config): void {
  const helmetConfig = helmetOptions(scope, config);
  instance.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...(route.config as object), helmet: helmetConfig, scope } as RouteOptions['config'];
  });
}
