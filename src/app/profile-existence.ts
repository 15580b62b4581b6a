// /:id is a profile only for a user the caller may see: the profile call answers 404 for anyone
// else (and for unknown ids), and the route then shows Not found. Answers are kept for the page's
// life; offline the answer is unknown and the screen opens with what it has.
import { useEffect, useState } from 'react';
import { toFailure } from '../api/client.ts';
import { profileUser } from '../api/shell.ts';
import type { Existence } from './rules.ts';

const known = new Map<number, Promise<Existence>>();

export function profileExistence(id: number, callerId: number): Promise<Existence> {
  if (id === callerId) return Promise.resolve('found');
  let answer = known.get(id);
  if (!answer) {
    answer = profileUser(id, callerId).then(
      (): Existence => 'found',
      (err: unknown): Existence => (toFailure(err).status === 404 ? 'missing' : 'unknown'),
    );
    known.set(id, answer);
    // Not knowing (offline, a refusal) is not an answer to keep.
    void answer.then((a) => a === 'unknown' && known.delete(id));
  }
  return answer;
}

/** Undefined while asking (or when there is nothing to ask). */
export function useExistence(id: number | undefined, callerId: number): Existence | undefined {
  const [state, setState] = useState<{ id: number; value: Existence }>();
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void profileExistence(id, callerId).then((value) => live && setState({ id, value }));
    return () => {
      live = false;
    };
  }, [id, callerId]);
  return id !== undefined && state?.id === id ? state.value : undefined;
}
