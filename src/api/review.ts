// Review rounds (issue 42, our extension): the calls of the review page.
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type R = typeof contract.review;

export const reviewRound = (id_customer: number, id_round: number) =>
  send<R['round']>('GET', '/gets/review/round', { query: { id_customer, id_round } });
