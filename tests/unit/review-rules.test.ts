// Issue 42: a review round's status after a decision, from its models' states (roundStatusAfter).
import { describe, expect, it } from 'vitest';
import { ROUND_STATUS, roundStatusAfter, roundStatusKey, type ModelState } from '../../src/api/contract/rules/review.ts';

const after = (...states: ModelState[]) => roundStatusAfter(states);

describe("a round's status after a decision", () => {
  it('every model approved: approved', () => {
    expect(after('approved')).toBe(ROUND_STATUS.approved);
    expect(after('approved', 'approved', 'approved')).toBe(ROUND_STATUS.approved);
  });

  it('models still to review: needs approval, or partly approved once some are approved', () => {
    expect(after('review', 'review')).toBe(ROUND_STATUS.needsApproval);
    expect(after('review', 'changes')).toBe(ROUND_STATUS.needsApproval);
    expect(after('review', 'waiting')).toBe(ROUND_STATUS.needsApproval);
    expect(after('approved', 'review')).toBe(ROUND_STATUS.partlyApproved);
    expect(after('approved', 'changes', 'review')).toBe(ROUND_STATUS.partlyApproved);
  });

  it("nothing left to review: a change request is the studio's turn, whatever else was approved", () => {
    expect(after('changes')).toBe(ROUND_STATUS.changesRequested);
    expect(after('approved', 'changes', 'approved')).toBe(ROUND_STATUS.changesRequested);
    expect(after('changes', 'waiting')).toBe(ROUND_STATUS.changesRequested);
  });

  it('approved models beside undelivered ones: partly approved; nothing delivered: modelling; no models: not started', () => {
    expect(after('approved', 'waiting')).toBe(ROUND_STATUS.partlyApproved);
    expect(after('waiting', 'waiting')).toBe(ROUND_STATUS.modelling);
    expect(after()).toBe(ROUND_STATUS.notStarted);
  });

  it('names each status number, and none outside 0-6', () => {
    expect(roundStatusKey(2)).toBe('needsApproval');
    expect(roundStatusKey(6)).toBe('delivered');
    expect(roundStatusKey(7)).toBeUndefined();
  });
});
