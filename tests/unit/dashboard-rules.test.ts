// Document 1 §4, §9: round cards (status colours, texts, dates, Go to Review, seven dots) and the
// Tasks by States arrows.
import { describe, expect, it } from 'vitest';
import {
  modelsLeft,
  percent,
  roundDots,
  roundLabel,
  showsDates,
  showsReview,
  statusColour,
  STATUS_COLOURS,
  tasksNeedArrows,
} from '../../src/features/dashboard/round-rules.ts';

const round = (
  o: Partial<{
    round_current: number;
    total_models: number;
    models_left: number | null;
    status_service: number;
    link_review: string | null;
  }>,
) => ({
  round_current: 3,
  total_models: 12,
  status_service: 1,
  link_review: '/review/1',
  ...o,
});

describe('round cards', () => {
  it('status colours 0 to 6', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(statusColour)).toEqual([
      'black',
      'purple',
      'blue',
      'yellow',
      'gradient-blue',
      'green',
      'green',
    ]);
    expect(STATUS_COLOURS).toHaveLength(7);
    expect(statusColour(9)).toBe('green');
    expect(statusColour(-1)).toBe('black');
  });

  it("round 0 is 'Not Started' without models left; others 'Round: n' and 'n models left'", () => {
    expect(roundLabel(0)).toBe('Not Started');
    expect(modelsLeft(round({ round_current: 0 }))).toBeNull();
    expect(roundLabel(4)).toBe('Round: 4');
    expect(modelsLeft(round({ round_current: 4, total_models: 9 }))).toBe('9 models left');
    // Our server counts the review models not approved yet (issue 42); one is "1 model left".
    expect(modelsLeft(round({ round_current: 4, total_models: 9, models_left: 3 }))).toBe('3 models left');
    expect(modelsLeft(round({ round_current: 4, total_models: 9, models_left: 1 }))).toBe('1 model left');
  });

  it("status 2 hides the dates and shows 'Go to Review' only with approve-services", () => {
    expect(showsDates(round({ status_service: 2 }))).toBe(false);
    expect(showsDates(round({ status_service: 3 }))).toBe(true);
    expect(showsReview(round({ status_service: 2 }), true)).toBe(true);
    expect(showsReview(round({ status_service: 2 }), false)).toBe(false);
    expect(showsReview(round({ status_service: 1 }), true)).toBe(false);
    expect(showsReview(round({ status_service: 2, link_review: null }), true)).toBe(false);
  });

  it('seven dots: earlier rounds done, the current one in its status colour, the rest black', () => {
    expect(roundDots(round({ round_current: 3, status_service: 3 }))).toEqual([
      'done',
      'done',
      'yellow',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(roundDots(round({ round_current: 1, status_service: 4 }))).toEqual(['gradient-blue', ...Array(6).fill('pending')]);
    expect(roundDots(round({ round_current: 0, status_service: 0 }))).toEqual(Array(7).fill('pending'));
    expect(roundDots(round({ round_current: 7, status_service: 6 }))).toEqual([...Array(6).fill('done'), 'green']);
    expect(roundDots(round({ round_current: 9, status_service: 5 }))).toHaveLength(7);
  });
});

describe('dashboard blocks', () => {
  it('Tasks by States shows arrows only above 3 items', () => {
    expect([0, 3, 4].map(tasksNeedArrows)).toEqual([false, false, true]);
  });
  it('percentages are drawn on 0 to 100', () => {
    expect([-5, 42.4, 130].map(percent)).toEqual([0, 42, 100]);
  });
});
