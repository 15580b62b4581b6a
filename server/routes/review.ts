// Review rounds (issue 42, our extension): the round page's read, and its writes (review-pins.ts,
// review-decide.ts, review-studio.ts). The guard has checked the round is the company's (a foreign or
// unknown id answers Not found alike) and the caller's permission; each write checks that what it
// names is of that round.
import { review as contract } from '../../src/api/contract/review.ts';
import { notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { AR_LINK_MS, AR_PREFIX, signArToken } from '../review/ar-link.ts';
import { readRound } from '../review/round.ts';
import { versionInRound } from '../review/scope.ts';
import { decide } from './review-decide.ts';
import { pinHandlers } from './review-pins.ts';
import { studioHandlers } from './review-studio.ts';

export const reviewRoutes = implement(contract, {
  async round({ db, query }) {
    const read = await readRound(db, query.id_round);
    if (!read) throw notFound('Round');
    return { success: true, ...read };
  },
  // A signed link for a phone (review/ar-link.ts): the version must be of the round the guard checked.
  async arLink({ db, body, config, secret }) {
    await versionInRound(db, body.id_round, body.id_version);
    // Whole seconds, as the link names them.
    const expiresAt = new Date(Math.floor((Date.now() + AR_LINK_MS) / 1000) * 1000);
    const url = `${config.publicUrl.replace(/\/$/, '')}${AR_PREFIX}/${signArToken(secret, body.id_version, expiresAt)}/`;
    return { success: true, url, expires_at: expiresAt.toISOString() };
  },
  ...pinHandlers,
  decide,
  ...studioHandlers,
});
