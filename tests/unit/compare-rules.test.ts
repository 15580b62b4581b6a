// Compare versions (issue 42, stage 3): which version the address compares, where Compare starts, the
// earlier version's pins in words, and the field of view one viewer gives the other.
import { describe, expect, it } from 'vitest';
import type { ReviewModelData, ReviewPinData, ReviewVersionData } from '../../src/data/index.ts';
import {
  compareStart,
  decisionTone,
  earlierOf,
  framedFov,
  orbitAttr,
  pickCompare,
  pinCountWords,
} from '../../src/features/review/compare-rules.ts';

const pin = (number: number, state: ReviewPinData['state']) => ({ id: number, number, state }) as ReviewPinData;
const version = (number: number, o: Partial<ReviewVersionData> = {}) =>
  ({ id: number * 10, number, decision: null, pins: [], ...o }) as ReviewVersionData;
const model = (...versions: ReviewVersionData[]) => ({ id: 1, versions }) as ReviewModelData;

describe('compare rules', () => {
  const [v1, v2, v3] = [version(1), version(2), version(3)];
  const three = model(v1, v2, v3);

  it('compares with another version of the model only', () => {
    expect(pickCompare(three, '1', v3)).toBe(v1);
    expect(pickCompare(three, '3', v3)).toBeUndefined();
    expect(pickCompare(three, '9', v3)).toBeUndefined();
    expect(pickCompare(three, null, v3)).toBeUndefined();
    expect(pickCompare(three, '1', undefined)).toBeUndefined();
  });

  it('starts from the version before the latest, or from the older one shown; never with one version', () => {
    expect(compareStart(three, v3)).toBe(2);
    expect(compareStart(three, undefined)).toBe(2);
    expect(compareStart(three, v1)).toBe(1);
    expect(compareStart(model(v1), v1)).toBeUndefined();
  });

  it("names the earlier version's pins, open and resolved", () => {
    expect(earlierOf(v3, v1)).toBe(v1);
    expect(pinCountWords(version(1, { pins: [pin(1, 'open'), pin(2, 'resolved'), pin(3, 'resolved')] }))).toBe(
      'Pins of version 1: 1 open, 2 resolved',
    );
    expect(pinCountWords(v2)).toBe('Pins of version 2: 0 open, 0 resolved');
  });

  it('an older version nobody decided on is neutral; the latest waits for a review', () => {
    expect(decisionTone(v1, false)).toBe('neutral');
    expect(decisionTone(v3, true)).toBe('info');
    expect(decisionTone(version(1, { decision: 'changes_requested' }), false)).toBe('warning');
  });

  it('writes an orbit, and narrows a field model-viewer would widen for a model wider than the box', () => {
    expect(orbitAttr({ theta: 0.5, phi: 1, radius: 2 })).toBe('0.5rad 1rad 2m');
    expect(framedFov(30, 1, 4 / 3)).toBeCloseTo(30, 10);
    expect(framedFov(30, 0, 4 / 3)).toBeCloseTo(30, 10);
    // model-viewer widens by max(1, ideal / aspect): tan(fov / 2) times 2 here.
    const widened = (2 * Math.atan(Math.tan((framedFov(40, 2, 1) / 2) * (Math.PI / 180)) * 2) * 180) / Math.PI;
    expect(widened).toBeCloseTo(40, 10);
  });
});
