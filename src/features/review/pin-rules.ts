// The pins' own rules (issue 42, stage 2), as pure functions: what a pin's marker says, model-viewer's
// attribute formats, a click told from a drag, a point on a render as fractions, the camera facing a
// pin, the list's filter. The text rules and words are the contract's (rules/review.ts).
import type { ReviewPinData, ReviewVersionData } from '../../data/index.ts';

type Vec3 = [number, number, number];

/** A tap, not a drag: the pointer moved at most this far (CSS px) between press and release. */
const TAP_SLOP = 6;
export const isTap = (down: { x: number; y: number } | undefined, up: { x: number; y: number }) =>
  !!down && Math.hypot(up.x - down.x, up.y - down.y) <= TAP_SLOP;

/** model-viewer's `{x, y, z}` (positionAndNormalFromPoint) as the contract's three numbers. */
export const toVec3 = (v: { x: number; y: number; z: number }): Vec3 => [v.x, v.y, v.z];

/** A hotspot's data-position / data-normal (metres; the camera-target format). */
export const vecAttr = (v: readonly number[]) => v.map((n) => `${n}m`).join(' ');

/** The hotspot slot of pin N (model-viewer shows every child whose slot starts with "hotspot"). */
export const pinSlot = (n: number | string) => `hotspot-pin-${n}`;

/** Where a click falls on a picture, as fractions of its width and height (0..1). */
export function pointIn(
  rect: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
): [number, number] {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [clamp((x - rect.left) / rect.width), clamp((y - rect.top) / rect.height)];
}

/**
 * model-viewer's camera-orbit that looks at a surface along its normal: theta turns around the up
 * axis from +Z towards +X, phi tilts down from +Y. `radius` keeps the current distance.
 */
export function orbitFacing(normal: readonly number[], radius: number): string {
  const [x = 0, y = 1, z = 0] = normal;
  const len = Math.hypot(x, y, z) || 1;
  const theta = Math.atan2(x / len, z / len);
  const phi = Math.acos(Math.min(1, Math.max(-1, y / len)));
  return `${theta}rad ${phi}rad ${radius}m`;
}

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A marker's accessible name: "Pin 2, resolved: The seam is crooked". */
export function pinLabel(p: Pick<ReviewPinData, 'number' | 'state' | 'body' | 'pending'>): string {
  const states = [p.state === 'resolved' && 'resolved', p.pending && 'pending'].filter(Boolean).join(', ');
  return `Pin ${p.number}${states ? `, ${states}` : ''}: ${clip(p.body)}`;
}

/** Where a pin is, in words: "On the model", "On render 2". */
export const pinPlaceWords = (p: Pick<ReviewPinData, 'target' | 'render_index'>) =>
  p.target === 'model' ? 'On the model' : `On render ${(p.render_index ?? 0) + 1}`;

export type PinFilter = 'open' | 'resolved' | 'all';
export const PIN_FILTERS: readonly PinFilter[] = ['open', 'resolved', 'all'];
export const pinFilterWords: Record<PinFilter, string> = { open: 'Open', resolved: 'Resolved', all: 'All' };
export const inPinFilter = (pins: readonly ReviewPinData[], f: PinFilter) =>
  f === 'all' ? pins : pins.filter((p) => p.state === f);

/** The open pins a change request can stand on (pending ones count: they are sent first). */
export const openPins = (v: ReviewVersionData) => v.pins.filter((p) => p.state === 'open').length;

/** What is on the stage: the model in 3D, or render i of the version. */
export type StageView = 'model' | number;
export const viewOfPin = (p: Pick<ReviewPinData, 'target' | 'render_index'>): StageView =>
  p.target === 'model' ? 'model' : (p.render_index ?? 0);
export const pinsOn = (pins: readonly ReviewPinData[], view: StageView) => pins.filter((p) => viewOfPin(p) === view);

/** A saved pin's marker, the same on the model and on a render: its number, words, state and choice. */
export const markerProps = (p: ReviewPinData, selected: number | undefined, onSelect: (n: number) => void) => ({
  'data-pin': p.number,
  number: p.number,
  label: pinLabel(p),
  resolved: p.state === 'resolved',
  pending: p.pending,
  selected: p.number === selected,
  onClick: () => onSelect(p.number),
});
