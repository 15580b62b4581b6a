// Document 2 §7: the registration tutorial, shown once per user (seeded slug 'register-products').
import type { products as contract } from '../../src/api/contract/products.ts';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import type { Handlers } from '../http/routes.ts';

type TutorialHandlers = Pick<Handlers<typeof contract>, 'tutorialWatched' | 'markTutorialWatched'>;

async function tutorialUrl(db: Db, slug: string): Promise<string> {
  const t = await db.one<{ url: string }>('SELECT url FROM tutorials WHERE slug = $1', [slug]);
  if (!t) throw notFound('Tutorial');
  return t.url;
}

export const tutorialHandlers: TutorialHandlers = {
  async tutorialWatched({ db, query, auth }) {
    const url = await tutorialUrl(db, query.slug);
    const seen = await db.one('SELECT 1 FROM tutorial_watched WHERE user_id = $1 AND slug = $2', [auth.user.id, query.slug]);
    return { success: true, data: { watched: !!seen, tutorial: { url } } };
  },

  async markTutorialWatched({ db, body, auth }) {
    await tutorialUrl(db, body.slug);
    await db.query('INSERT INTO tutorial_watched (user_id, slug) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      auth.user.id,
      body.slug,
    ]);
    return { success: true };
  },
};
