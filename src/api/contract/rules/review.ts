// Review rounds (issue 42, our extension): a model's state, the studio's budget for a delivered
// model, and the product's stated dimensions read as metres, so the report's check and the page's
// words are the same everywhere. No imports beyond the product's units and the rule kinds: forms load this with the page.
import { MEASURE_UNITS } from './product.ts';
import { notBlankSays, text } from './check.ts';

/** What the studio allows a delivered model (docs/decisions.md, issue 42); each figure is checked and shown pass or warn. */
export const REVIEW_BUDGET = {
  triangles: 100_000,
  /** The longest side of any texture, in pixels. */
  texturePx: 4096,
  glbBytes: 15 * 1024 * 1024,
  /** How far the model's measured size may stray from the product's stated one. */
  dimensionTolerance: 0.02,
} as const;

/** A model's state in its round, from its latest version and that version's decision. */
export const MODEL_STATES = ['waiting', 'review', 'changes', 'approved'] as const;
export type ModelState = (typeof MODEL_STATES)[number];
export const modelStateWords: Record<ModelState, string> = {
  waiting: 'Waiting for the studio',
  review: 'Needs your review',
  changes: 'Changes requested',
  approved: 'Approved',
};

export type Decision = 'approved' | 'changes_requested';

export function modelState(latest: { decision: Decision | null } | undefined): ModelState {
  if (!latest) return 'waiting';
  if (latest.decision === 'approved') return 'approved';
  return latest.decision === 'changes_requested' ? 'changes' : 'review';
}

/**
 * The round card's status_service (document 1 gives only colours), as Facet uses it
 * (docs/decisions.md): 0 not started, 1 the studio is modelling, 2 needs approval, 3 changes requested,
 * 4 partly approved, 5 approved, 6 delivered.
 */
export const ROUND_STATUS = {
  notStarted: 0,
  modelling: 1,
  needsApproval: 2,
  changesRequested: 3,
  partlyApproved: 4,
  approved: 5,
  delivered: 6,
} as const;
export type RoundStatus = keyof typeof ROUND_STATUS;
/** Each status in words (the review page's header). */
export const roundStatusWords: Record<RoundStatus, string> = {
  notStarted: 'Not started',
  modelling: 'The studio is modelling',
  needsApproval: 'Needs approval',
  changesRequested: 'Changes requested',
  partlyApproved: 'Partly approved',
  approved: 'Approved',
  delivered: 'Delivered',
};

/**
 * The round's status after a reviewer's decision, from its models' states (docs/decisions.md, issue 42).
 * What still waits for the reviewer comes first: any model to review is "needs approval", or "partly
 * approved" once some are approved. With nothing left to review, any change request is "changes
 * requested" (the studio's turn); approved models beside ones the studio has not delivered yet are
 * "partly approved"; every model approved is "approved"; none delivered is "the studio is modelling".
 */
export function roundStatusAfter(states: readonly ModelState[]): number {
  const has = (s: ModelState) => states.includes(s);
  if (!states.length) return ROUND_STATUS.notStarted;
  if (states.every((s) => s === 'approved')) return ROUND_STATUS.approved;
  if (has('review')) return has('approved') ? ROUND_STATUS.partlyApproved : ROUND_STATUS.needsApproval;
  if (has('changes')) return ROUND_STATUS.changesRequested;
  return has('approved') ? ROUND_STATUS.partlyApproved : ROUND_STATUS.modelling;
}

/** A status number's key (ROUND_STATUS), for its words; undefined outside 0-6. */
export const roundStatusKey = (n: number): RoundStatus | undefined =>
  (Object.keys(ROUND_STATUS) as RoundStatus[]).find((k) => ROUND_STATUS[k] === n);

/**
 * How long a version's AR link works (review.arLink, docs/decisions.md): long enough to scan the code and
 * start AR, short enough that a forwarded link soon stops showing a model nobody has approved.
 */
export const AR_LINK_MINUTES = 15;

/** A signed AR link's files, beside its page (`<url>model.glb`…): the page, Scene Viewer and Quick Look fetch them. */
export const AR_FILES = { glb: 'model.glb', usdz: 'model.usdz', poster: 'poster' } as const;

/** The review page's AR hand-off, in words (its button, the dialog, the signed page's line). */
export const arWords = {
  button: 'View in AR',
  needsConnection: 'Viewing in AR',
  title: 'View in AR on your phone',
  scan: (what: string) => `Scan this code with your phone’s camera to see ${what} in your room.`,
  until: (when: string) => `The link works until ${when}; after that, ask for a new code here.`,
  /** The signed page's line under the product's name. */
  forReview: (version: number) => `Version ${version}, shared for review`,
} as const;

/** The terms (document 3): up to 3 free change requests per 3D model. */
export const FREE_CHANGE_REQUESTS = 3;

export type MeasureUnit = (typeof MEASURE_UNITS)[number];
const METRES: Record<Exclude<MeasureUnit, ''>, number> = { in: 0.0254, ft: 0.3048, mm: 0.001, cm: 0.01, m: 1 };

const number = (s: string) => Number(s.replace(',', '.'));
const fraction = (s: string) => {
  const [a, b] = s.split('/').map(Number);
  return a! / b!;
};
/** "2 1/2", "2.5", "1/2" (inches or the unit) as a number; NaN when it is none. */
function amount(s: string): number {
  const m = /^(\d+(?:[.,]\d+)?|[.,]\d+)?\s*(\d+\/[1-9]\d*)?$/.exec(s.trim());
  if (!m || (!m[1] && !m[2])) return NaN;
  return (m[1] ? number(m[1]) : 0) + (m[2] ? fraction(m[2]) : 0);
}

/**
 * A product's dimension (free text, document 2 §5: `12`, `12,5`, `1/2`, `2 1/2`, `6'`, `6' 2 1/2"`)
 * in metres, read in the product's unit; feet and inches marks read as feet and inches whatever the
 * unit. Undefined when blank, unreadable, or the product has no unit (a blank unit: "not checked").
 */
export function dimensionMetres(value: string | null | undefined, unit: string): number | undefined {
  const v = (value ?? '').trim().replace(/[″]/g, '"').replace(/[′]/g, "'");
  if (!v) return undefined;
  const feet = /^(.+?)\s*'\s*(?:(.+?)\s*"?)?$/.exec(v);
  if (feet) {
    const f = amount(feet[1]!);
    const i = feet[2] ? amount(feet[2].replace(/"$/, '')) : 0;
    return Number.isFinite(f) && Number.isFinite(i) ? f * METRES.ft + i * METRES.in : undefined;
  }
  if (v.endsWith('"')) {
    const i = amount(v.slice(0, -1));
    return Number.isFinite(i) ? i * METRES.in : undefined;
  }
  if (!(unit in METRES)) return undefined;
  const n = amount(v);
  return Number.isFinite(n) ? n * METRES[unit as keyof typeof METRES] : undefined;
}

/** glTF is Y-up in metres: height is Y, width X, depth Z. */
export const AXIS_OF = { height: 1, width: 0, depth: 2 } as const;
export type Side = keyof typeof AXIS_OF;

export interface DimensionCheck {
  side: Side;
  /** The product's stated size in metres (undefined: blank, unreadable or no unit: not checked). */
  stated?: number;
  measured: number;
  pass?: boolean;
}

/** Each side of the model's bounding box (metres) against the product's stated dimensions. */
export function checkDimensions(
  size: [number, number, number],
  p: { height: string; width: string; depth: string; measure: string },
): DimensionCheck[] {
  return (Object.keys(AXIS_OF) as Side[]).map((side) => {
    const measured = size[AXIS_OF[side]];
    const stated = dimensionMetres(p[side], p.measure);
    const pass = stated === undefined ? undefined : Math.abs(measured - stated) <= stated * REVIEW_BUDGET.dimensionTolerance;
    return { side, stated, measured, pass };
  });
}

/** A length in metres shown in the product's unit ("75.2 in", "1.91 m"), or in metres without one. */
export function inUnit(metres: number, unit: string): string {
  const u = (unit in METRES ? unit : 'm') as keyof typeof METRES;
  const v = metres / METRES[u];
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${u}`;
}

/** The figures of a report that the budget checks (the report's own shape: src/api/contract/review.ts). */
export interface ReportFigures {
  triangles: number;
  file_bytes: number;
  textures: { width: number | null; height: number | null }[];
  size: [number, number, number];
}

export interface BudgetCheck {
  key: 'triangles' | 'textures' | 'file' | Side;
  pass: boolean | undefined;
}

/** Each figure against the studio's budget; a dimension the product does not state is not checked (undefined). */
export function budgetChecks(
  r: ReportFigures,
  p: { height: string; width: string; depth: string; measure: string },
): BudgetCheck[] {
  const largest = Math.max(0, ...r.textures.map((t) => Math.max(t.width ?? 0, t.height ?? 0)));
  return [
    { key: 'triangles', pass: r.triangles <= REVIEW_BUDGET.triangles },
    { key: 'textures', pass: largest <= REVIEW_BUDGET.texturePx },
    { key: 'file', pass: r.file_bytes <= REVIEW_BUDGET.glbBytes },
    ...checkDimensions(r.size, p).map((d) => ({ key: d.side, pass: d.pass })),
  ];
}

/** How many figures of a report are over the budget (the model list's count). */
export const warnings = (r: ReportFigures, p: Parameters<typeof budgetChecks>[1]) =>
  budgetChecks(r, p).filter((c) => c.pass === false).length;

/**
 * What a reviewer writes (stage 2): a pin's comment, a reply, a decision's note, as data. The server's
 * schemas are built from this table; the comment box, the reply box and the decision form check with it.
 */
export const reviewTextRules = {
  comment: text(2000, 1, notBlankSays('Write a comment.')),
  reply: text(2000, 1, notBlankSays('Write a reply.')),
  note: text(1000),
} as const;

export const PIN_TARGETS = ['model', 'render'] as const;
export type PinTarget = (typeof PIN_TARGETS)[number];
export const PIN_STATES = ['open', 'resolved'] as const;
export type PinState = (typeof PIN_STATES)[number];
export const DECISIONS = ['approved', 'changes_requested'] as const;

/** The refusals a client acts on, told apart by `code` (never by the words). */
export const reviewCodes = {
  /** 409: the studio has delivered a newer version of the model; the answer names it (current_version). */
  superseded: 'version_superseded',
  /** 409: the version has a decision already. */
  decided: 'version_decided',
} as const;

export const reviewWords = {
  superseded: 'The studio has delivered a newer version of this model. Review the new version.',
  decided: 'This version has already been decided.',
  changesNeedPinOrNote: 'Add a pin or a note to say what should change.',
  pinOnModelNeedsNormal: 'A pin on the model needs its position and normal (three numbers each).',
  pinOnRenderNeedsPoint: 'A pin on a render needs the render and a point within it (two numbers from 0 to 1).',
  deliveryNeedsPoster: 'Add at least one render or a poster: the server cannot draw the model.',
  noSuchRender: 'The pin names a render this version does not have.',
  pinStored: 'Pin added',
  replyStored: 'Reply added',
  pinResolved: 'Pin resolved',
  pinReopened: 'Pin reopened',
  approved: 'Model approved',
  changesRequested: 'Changes requested',
  delivered: 'Version delivered',
  statusSaved: 'Round status saved',
  /** Before a fourth change request is sent (the terms: up to 3 free per model). */
  beyondFree: (n: number) =>
    `This model has had ${n} change requests: the terms include ${FREE_CHANGE_REQUESTS} free. This one may be charged.`,
};

/**
 * Where a pin is: on the model, its position and normal (model-viewer's hotspot, the model's own
 * metres), or on a render, the point as fractions of its width and height. Undefined when valid.
 */
export function pinPlaceError(p: {
  target: PinTarget;
  position: readonly number[];
  normal?: readonly number[] | null;
  render_index?: number | null;
}): string | undefined {
  if (p.target === 'model')
    return p.position.length === 3 && p.normal?.length === 3 && p.render_index == null
      ? undefined
      : reviewWords.pinOnModelNeedsNormal;
  const inside = p.position.length === 2 && p.position.every((v) => v >= 0 && v <= 1);
  return inside && p.render_index != null && p.normal == null ? undefined : reviewWords.pinOnRenderNeedsPoint;
}
