// Document 1 §4 "Round review": what a round card shows, as pure rules (tests/unit/dashboard-rules.test.ts).
import type { Round } from '../../data/index.ts';
import { ROUND_STATUS } from '../../api/contract/rules/review.ts';

/** Status 0 to 6: 0 black, 1 purple, 2 blue, 3 yellow, 4 gradient blue, 5 and 6 green. */
export const STATUS_COLOURS = ['black', 'purple', 'blue', 'yellow', 'gradient-blue', 'green', 'green'] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];
/** Status 2: the round needs approval. */
export const NEEDS_APPROVAL = ROUND_STATUS.needsApproval;
/** Seven round slots per batch (§9). */
export const ROUND_SLOTS = 7;

export const statusColour = (status: number): StatusColour => STATUS_COLOURS[Math.min(6, Math.max(0, Math.trunc(status)))]!;

/** 'Not Started' for round 0, otherwise 'Round: n'. */
export const roundLabel = (round: number) => (round === 0 ? 'Not Started' : `Round: ${round}`);

/**
 * 'n models left', shown once a round has started: from our server, the models not approved yet (so
 * the card agrees with its review page, issue 42); from a server without review rounds, total_models.
 */
export const modelsLeft = (r: Pick<Round, 'round_current' | 'total_models' | 'models_left'>) => {
  if (r.round_current === 0) return null;
  const n = r.models_left ?? r.total_models;
  return `${n} ${n === 1 ? 'model' : 'models'} left`;
};

/** Status 2 hides the start and end dates. */
export const showsDates = (r: Pick<Round, 'status_service'>) => r.status_service !== NEEDS_APPROVAL;

/** 'Go to Review': status 2, a link, and only for holders of approve-services. */
export const showsReview = (r: Pick<Round, 'status_service' | 'link_review'>, canApprove: boolean) =>
  r.status_service === NEEDS_APPROVAL && canApprove && !!r.link_review;

/**
 * Where Go to Review leads: a path of this portal (our own review page, issue 42) opens in place; an
 * address on another host opens in a new tab, as document 1's cards did.
 */
export function reviewTarget(link: string, origin: string): { internal: string } | { external: string } {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return { external: link };
  }
  return url.origin === origin ? { internal: `${url.pathname}${url.search}${url.hash}` } : { external: url.toString() };
}

export type Dot = 'done' | StatusColour | 'pending';

/** Seven dots: rounds before the current one done, the current one in its status colour, the rest black. */
export function roundDots(r: Pick<Round, 'round_current' | 'status_service'>): Dot[] {
  const current = Math.min(ROUND_SLOTS, Math.max(0, r.round_current));
  return Array.from({ length: ROUND_SLOTS }, (_, i): Dot =>
    i < current - 1 ? 'done' : i === current - 1 ? statusColour(r.status_service) : 'pending',
  );
}

/** Tasks by States shows its arrows only above 3 items (§2, §9). */
export const tasksNeedArrows = (count: number) => count > 3;
export const SCROLL_STEP = 250;

export const SERVICES = [
  { value: 'modeling_and_texturing', label: 'Modeling & Texturing' },
  { value: 'silo_image', label: 'Silo Image' },
  { value: 'lifestyle', label: 'Lifestyle' },
] as const;
export type Service = (typeof SERVICES)[number]['value'];

/** Percentages are drawn on 0 to 100 (§9); anything outside is clamped. */
export const percent = (v: number) => Math.min(100, Math.max(0, Math.round(v)));
