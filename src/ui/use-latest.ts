// A stable getter of a value's latest committed version: a memoised child given it (instead of the
// value) is not rendered again when the value changes, and reads it when it acts (a click).
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T): () => T {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return useCallback(() => ref.current, []);
}
