// Review rounds (issue 42, our extension): the round page's read. The guard has checked the round is
// the company's (a foreign or unknown id answers Not found alike) and that the caller sees the
// dashboard's rounds and may read product information.
import { review as contract } from '../../src/api/contract/review.ts';
import { notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { readRound } from '../review/round.ts';

export const reviewRoutes = implement(contract, {
  async round({ db, query }) {
    const read = await readRound(db, query.id_round);
    if (!read) throw notFound('Round');
    return { success: true, ...read };
  },
});
