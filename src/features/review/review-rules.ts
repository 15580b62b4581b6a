// The review page's own words and choices (issue 42, stage 1), as pure functions: the round's status
// in words, a model state's badge tone, the list's filters, which model and version the address names.
// The rules themselves (states, budget, dimensions, free change requests) are the contract's.
import {
  FREE_CHANGE_REQUESTS,
  modelState,
  modelStateWords,
  ROUND_STATUS,
  roundStatusWords,
  type ModelState,
  type RoundStatus,
} from '../../api/contract/rules/review.ts';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import type { BadgeTone } from '../../ui/Badge.tsx';
import { formatDate } from '../../ui/format.ts';

const ROUND_TONES: Record<RoundStatus, BadgeTone> = {
  notStarted: 'neutral',
  modelling: 'neutral',
  needsApproval: 'info',
  changesRequested: 'warning',
  partlyApproved: 'info',
  approved: 'success',
  delivered: 'success',
};

/** The round card's status_service in words, with its badge tone. */
export function roundStatus(status: number): { words: string; tone: BadgeTone } {
  const key = (Object.keys(ROUND_STATUS) as RoundStatus[]).find((k) => ROUND_STATUS[k] === status);
  return key ? { words: roundStatusWords[key], tone: ROUND_TONES[key] } : { words: 'Status unknown', tone: 'neutral' };
}

export const STATE_TONES: Record<ModelState, BadgeTone> = {
  review: 'info',
  changes: 'warning',
  approved: 'success',
  waiting: 'neutral',
};

export type Filter = 'all' | ModelState;
/** The list's filters, in the order a reviewer works through them. */
export const FILTERS: readonly Filter[] = ['all', 'review', 'changes', 'approved', 'waiting'];
export const filterWords = (f: Filter) => (f === 'all' ? 'All' : modelStateWords[f]);
export const readFilter = (v: string | null): Filter => (FILTERS.includes(v as Filter) ? (v as Filter) : 'all');
export const inFilter = (models: readonly ReviewModelData[], f: Filter) =>
  f === 'all' ? models : models.filter((m) => m.state === f);

/** The model the address names; else the first that needs a review; else the first. */
export function pickModel(models: readonly ReviewModelData[], id: string | null): ReviewModelData | undefined {
  return models.find((m) => String(m.id) === id) ?? models.find((m) => m.state === 'review') ?? models[0];
}

/** The version the address names (its number); else the latest. */
export function pickVersion(model: ReviewModelData, n: string | null): ReviewVersionData | undefined {
  return model.versions.find((v) => String(v.number) === n) ?? model.versions.at(-1);
}

/** A version's decision in the model states' words; an earlier version nobody decided on has none. */
export function decisionWords(v: ReviewVersionData, latest: boolean): string {
  if (!v.decision && !latest) return 'No decision';
  return modelStateWords[modelState(v)];
}

/** "Version 1 · delivered 08/09/2026 · Changes requested" (the version picker's options). */
export const versionLabel = (v: ReviewVersionData, latest: boolean) =>
  `Version ${v.number} · delivered ${formatDate(v.delivered_at)} · ${decisionWords(v, latest)}`;

/** "1 of 3 free change requests used" (the terms grant FREE_CHANGE_REQUESTS per model). */
export function changeRequestWords(n: number): string {
  const used = `${Math.min(n, FREE_CHANGE_REQUESTS)} of ${FREE_CHANGE_REQUESTS} free change requests used`;
  return n > FREE_CHANGE_REQUESTS ? `${used}, ${n - FREE_CHANGE_REQUESTS} more` : used;
}
