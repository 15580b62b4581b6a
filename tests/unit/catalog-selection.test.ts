// The catalogue's product selection (issue 28): a click, a Shift-click range in the order shown (both
// directions, the state of the clicked card), "Select all" of every match, and products that are gone.
import { describe, expect, it } from 'vitest';
import {
  NO_SELECTION,
  allSelected,
  clickSelect,
  selectAll,
  without,
  type Selection,
} from '../../src/features/catalog/selection.ts';

const order = [50, 40, 30, 20, 10];
const ids = (s: Selection) => [...s.ids].sort((a, b) => a - b);

describe('catalogue selection', () => {
  it('a click toggles one product and makes it the anchor', () => {
    const s = clickSelect(NO_SELECTION, 30, order, false);
    expect(ids(s)).toEqual([30]);
    expect(s.anchor).toBe(30);
    const t = clickSelect(s, 30, order, false);
    expect(ids(t)).toEqual([]);
    expect(t.anchor).toBe(30);
  });

  it('Shift-click selects the range from the last clicked card, in the order shown, either way', () => {
    const down = clickSelect(clickSelect(NO_SELECTION, 40, order, false), 10, order, true);
    expect(ids(down)).toEqual([10, 20, 30, 40]);
    const up = clickSelect(clickSelect(NO_SELECTION, 20, order, false), 50, order, true);
    expect(ids(up)).toEqual([20, 30, 40, 50]);
    // The anchor moves: the next Shift-click ranges from the card clicked last.
    expect(down.anchor).toBe(10);
  });

  it('Shift-click on a selected card clears the range; other selections stay', () => {
    let s = selectAll(order);
    s = clickSelect(s, 40, order, false); // 40 off, anchor 40
    s = clickSelect(s, 20, order, true); // 20 is on: the range 40..20 goes off
    expect(ids(s)).toEqual([10, 50]);
  });

  it('Shift-click without an anchor, or with one no longer shown, toggles only the card', () => {
    expect(ids(clickSelect(NO_SELECTION, 20, order, true))).toEqual([20]);
    const s = clickSelect(NO_SELECTION, 99, [99, 1], false);
    expect(ids(clickSelect(s, 20, order, true))).toEqual([20, 99]);
  });

  it('Select all takes every product that matches, not only those rendered', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => i + 1);
    const s = selectAll(many);
    expect(s.ids.size).toBe(100_000);
    expect(allSelected(s, many)).toBe(true);
    expect(allSelected(clickSelect(s, 5, many, false), many)).toBe(false);
    expect(allSelected(NO_SELECTION, [])).toBe(false);
  });

  it('deleted products leave the selection (and the anchor, if it was one of them)', () => {
    const s = clickSelect(selectAll(order), 30, order, false);
    const t = without(clickSelect(s, 30, order, false), [30, 20]);
    expect(ids(t)).toEqual([10, 40, 50]);
    expect(t.anchor).toBeNull();
    expect(without(t, [7])).toBe(t);
  });
});
