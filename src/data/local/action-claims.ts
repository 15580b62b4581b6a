// One user action, one change: a user action's id is made when the user starts it (useUserAction in
// src/app), so a second click, a double submit or a retried send reaches a mutation with the same id.
// The first mutation of an id claims it in its own transaction; a later one finds the claim and does
// nothing (no second entry, no second optimistic change). A claim outlives the action's entries, so
// a repeat after they were sent is refused too; a week covers any form left open.
import type { Table } from 'dexie';
import { Dexie, db } from './db.ts';

const KEEP_MS = 7 * 24 * 3600_000;

/** Per IndexedDB transaction: the actions it claimed, each with its next entry's position. */
const claimed = new WeakMap<object, Map<string, number>>();

function transactionClaims(): Map<string, number> {
  // Keyed by the IndexedDB transaction, which a nested Dexie transaction shares with its parent.
  const tx = Dexie.currentTransaction?.idbtrans;
  if (!tx) throw new Error('A user action is claimed inside its mutation’s transaction.');
  let mine = claimed.get(tx);
  if (!mine) claimed.set(tx, (mine = new Map()));
  return mine;
}

/**
 * Claims the action for the current transaction. False when it was claimed before (queued, perhaps
 * already sent): the caller then changes nothing. Call before the mutation's optimistic change.
 */
export async function claimAction(actionId: string): Promise<boolean> {
  const mine = transactionClaims();
  if (mine.has(actionId)) return true;
  const d = db();
  if ((await d.actionClaims.get(actionId)) || (await d.outbox.where('action').equals(actionId).count()) > 0) return false;
  const now = Date.now();
  await d.actionClaims.where('at').below(now - KEEP_MS).delete();
  await d.actionClaims.put({ id: actionId, at: now });
  mine.set(actionId, 0);
  return true;
}

/** Positions for `n` more entries of an action this transaction claimed (0 first). */
export function takePositions(actionId: string, n: number): number[] {
  const mine = transactionClaims();
  const first = mine.get(actionId) ?? 0;
  mine.set(actionId, first + n);
  return Array.from({ length: n }, (_, i) => first + i);
}

/** The Idempotency-Key of an action's entry: the same action and position always send the same key. */
export const entryKey = (actionId: string, position: number) => `${actionId}.${position}`;

/**
 * Runs a mutation of one user action in one read-write transaction (with the outbox and the claims):
 * undefined, and nothing changed, when the action was already claimed.
 */
export async function inAction<T>(actionId: string, tables: Table[], body: () => Promise<T>): Promise<T | undefined> {
  const d = db();
  let out: T | undefined;
  await d.transaction('rw', [...tables, d.outbox, d.actionClaims], async () => {
    if (await claimAction(actionId)) out = await body();
  });
  return out;
}

/** The id of part `part` of an action (one product of a batch send has its own pending change). */
export const partOf = (actionId: string, part: string | number) => `${actionId}:${part}`;
