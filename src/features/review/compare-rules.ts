// Compare versions (issue 42, stage 3), as pure functions: which version the address compares the shown
// one with (?compare=n), where the Compare button starts, the earlier version's pins in words, and
// model-viewer's camera written from one viewer for the other.
import { modelState } from '../../api/contract/rules/review.ts';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import type { BadgeTone } from '../../ui/Badge.tsx';
import { STATE_TONES } from './review-rules.ts';

/** The version ?compare= names, shown beside `shown`: none unless it is another version of the model. */
export function pickCompare(
  model: ReviewModelData,
  n: string | null,
  shown: ReviewVersionData | undefined,
): ReviewVersionData | undefined {
  const v = model.versions.find((x) => String(x.number) === n);
  return v && shown && v.id !== shown.id ? v : undefined;
}

/**
 * The version Compare puts on the left, the latest being on the right: the one shown when it is an
 * older one (what the reader was looking at), else the one before the latest. None with one version.
 */
export function compareStart(model: ReviewModelData, shown: ReviewVersionData | undefined): number | undefined {
  const { versions } = model;
  if (versions.length < 2) return undefined;
  if (shown && shown.id !== versions.at(-1)!.id) return shown.number;
  return versions.at(-2)!.number;
}

/** The earlier of the two (by number): its pins are what the later one was asked to change. */
export const earlierOf = (a: ReviewVersionData, b: ReviewVersionData) => (a.number < b.number ? a : b);

/** "Pins of version 1: 2 open, 1 resolved". */
export function pinCountWords(v: ReviewVersionData): string {
  const open = v.pins.filter((p) => p.state === 'open').length;
  return `Pins of version ${v.number}: ${open} open, ${v.pins.length - open} resolved`;
}

/** A version's decision as a badge tone: an older version nobody decided on is neutral. */
export const decisionTone = (v: ReviewVersionData, latest: boolean): BadgeTone =>
  !v.decision && !latest ? 'neutral' : STATE_TONES[modelState(v)];

/** model-viewer's camera-orbit attribute for an orbit read with getCameraOrbit(). */
export const orbitAttr = (o: { theta: number; phi: number; radius: number }) => `${o.theta}rad ${o.phi}rad ${o.radius}m`;

/**
 * The field-of-view attribute (degrees) that gives a viewer the vertical field `fovDeg`: model-viewer
 * widens what it is given by max(1, idealAspect / aspect) for a model wider than the box, so the
 * other viewer's getFieldOfView() is narrowed back first (else each copy would widen it again).
 */
export function framedFov(fovDeg: number, idealAspect: number, aspect: number): number {
  const widen = aspect > 0 && idealAspect > 0 ? Math.max(1, idealAspect / aspect) : 1;
  return (2 * Math.atan(Math.tan((fovDeg / 2) * (Math.PI / 180)) / widen) * 180) / Math.PI;
}

/** What the address shows of a model: its version (null: the latest) and the one compared with it (null: none). */
export interface StageChoice {
  version?: number | null;
  compare?: number | null;
}
