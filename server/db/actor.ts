// Who a request acts as, for the live channel's triggers (migration 019): a transaction opened while a
// signed-in request runs sets facet.actor, so the notice of what it changed can say "changed by".
import { AsyncLocalStorage } from 'node:async_hooks';

export const actorScope = new AsyncLocalStorage<number | undefined>();

/** The statement that names the actor inside a transaction just begun, or undefined outside a request. */
export function actorStatement(): string | undefined {
  const id = actorScope.getStore();
  // An integer, written into the SQL: never text from outside.
  return Number.isSafeInteger(id) ? `SELECT set_config('facet.actor', '${id}', true)` : undefined;
}
