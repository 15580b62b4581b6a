// What every part of the review page needs to know about the reader: the round's reference (for each
// write), whether they may review (approve-services, or the studio's staff: pins, replies, states and
// decisions) and whether they are the studio's staff (deliveries, the round's status).
import { createContext, useContext } from 'react';
import type { RoundRef } from '../../data/index.ts';

export interface ReviewAccess {
  ref: RoundRef;
  canReview: boolean;
  staff: boolean;
}

export const ReviewContext = createContext<ReviewAccess | null>(null);

export function useReview(): ReviewAccess {
  const v = useContext(ReviewContext);
  if (!v) throw new Error('useReview outside the review page');
  return v;
}
