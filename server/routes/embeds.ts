// Issue 14: the share key (signed in) and the public embed calls. Public answers are cacheable: a ready
// spin for a minute (with its ETag after that), one still rendering not at all.
import { embeds as contract } from '../../src/api/contract/embeds.ts';
import { spinOf, viewerOf } from '../domain/embeds.ts';
import { oembedOf } from '../domain/oembed.ts';
import { rotateShareKey, shareKeyOf } from '../domain/share-keys.ts';
import { implement } from '../http/routes.ts';

export const PUBLIC_CACHE = 'public, max-age=60';

/** PUBLIC_URL's origin: the {host} of an embed code, the one oEmbed answers for. */
const publicOrigin = (url: string) => new URL(url).origin;

export const embedRoutes = implement(contract, {
  async shareKey({ db, config, query }) {
    return { success: true, key: await shareKeyOf(db, query.id_product), public_url: publicOrigin(config.publicUrl) };
  },

  async rotateShareKey({ db, config, body }) {
    return { success: true, key: await rotateShareKey(db, body.id_product), public_url: publicOrigin(config.publicUrl) };
  },

  async spin(c) {
    const spin = await spinOf(c, c.query);
    c.reply.header('cache-control', spin.status === 'ready' ? PUBLIC_CACHE : 'public, no-cache');
    return spin;
  },

  async viewer(c) {
    const viewer = await viewerOf(c, c.query.id_product, c.query.key);
    c.reply.header('cache-control', PUBLIC_CACHE);
    return viewer;
  },

  async oembed(c) {
    const answer = await oembedOf(c, c.query);
    // oEmbed consumers are other sites' servers and pages.
    c.reply.header('cache-control', PUBLIC_CACHE).header('access-control-allow-origin', '*');
    return answer;
  },
});
