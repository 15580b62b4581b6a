// The review page's pin rules (issue 42, stage 2): a tap told from a drag, a point on a render as
// fractions, model-viewer's formats, the camera orbit facing a pin, a marker's words.
import { describe, expect, it } from 'vitest';
import { inPinFilter, isTap, orbitFacing, pinLabel, pointIn, vecAttr, viewOfPin } from '../../src/features/review/pin-rules.ts';
import type { ReviewPinData } from '../../src/data/index.ts';

const pin = (o: Partial<ReviewPinData>): ReviewPinData => ({
  id: 1,
  number: 1,
  target: 'model',
  render_index: null,
  position: [0, 0, 0],
  normal: [0, 1, 0],
  body: 'A comment',
  state: 'open',
  author: 'Alice',
  created_at: '2026-09-01T10:00:00.000Z',
  updated_at: '2026-09-01T10:00:00.000Z',
  replies: [],
  ...o,
});

describe('pin rules', () => {
  it('a press and release a few pixels apart is a tap; a turn of the model is not', () => {
    expect(isTap({ x: 10, y: 10 }, { x: 14, y: 12 })).toBe(true);
    expect(isTap({ x: 10, y: 10 }, { x: 40, y: 10 })).toBe(false);
    expect(isTap(undefined, { x: 10, y: 10 })).toBe(false);
  });

  it('a click on a picture is a fraction of its width and height, kept within it', () => {
    const rect = { left: 100, top: 50, width: 200, height: 100 };
    expect(pointIn(rect, 150, 75)).toEqual([0.25, 0.25]);
    expect(pointIn(rect, 90, 200)).toEqual([0, 1]);
  });

  it("writes model-viewer's metres and an orbit that looks along the pin's normal", () => {
    expect(vecAttr([0.1, -2, 3])).toBe('0.1m -2m 3m');
    expect(orbitFacing([0, 0, 1], 2)).toBe(`0rad ${Math.PI / 2}rad 2m`);
    expect(orbitFacing([1, 0, 0], 3)).toBe(`${Math.PI / 2}rad ${Math.PI / 2}rad 3m`);
    expect(orbitFacing([0, 2, 0], 1)).toBe('0rad 0rad 1m');
  });

  it("names a marker by its number, state and comment; a pin's view is the model or its render", () => {
    expect(pinLabel(pin({ number: 2, state: 'resolved', pending: true }))).toBe('Pin 2, resolved, pending: A comment');
    expect(pinLabel(pin({ body: 'x'.repeat(100) }))).toHaveLength('Pin 1: '.length + 80);
    expect(viewOfPin(pin({ target: 'render', render_index: 2 }))).toBe(2);
    expect(viewOfPin(pin({}))).toBe('model');
    const pins = [pin({ id: 1 }), pin({ id: 2, state: 'resolved' })];
    expect(inPinFilter(pins, 'open').map((p) => p.id)).toEqual([1]);
    expect(inPinFilter(pins, 'all')).toHaveLength(2);
  });
});
