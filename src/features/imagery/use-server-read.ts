// Live server state the product screen's imagery extras show as it is now (the share key, the 3D
// viewer's links, export jobs): read online, read again when the connection returns, and told apart
// from a failure when offline. (Lists the portal keeps for offline use live in src/data.)
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure } from '../../api/client.ts';
import { failureText } from '../../api/failure-text.ts';
import { useSyncStatus } from '../../data/index.ts';

export type ServerRead<T> =
  | { state: 'loading'; data?: T }
  | { state: 'ready'; data: T }
  | { state: 'offline'; data?: T }
  | { state: 'failed'; data?: T; message: string };

export function useServerRead<T>(
  read: (() => Promise<T>) | null,
  deps: readonly unknown[],
): ServerRead<T> & { reload: () => void } {
  const { online } = useSyncStatus();
  const [result, setResult] = useState<ServerRead<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (!read) return;
    let live = true;
    read().then(
      (data) => live && setResult({ state: 'ready', data }),
      (err: unknown) => {
        if (!live) return;
        const f = err instanceof ApiFailure ? err : undefined;
        setResult((prev) =>
          f?.network || !navigator.onLine
            ? { state: 'offline', data: prev.data }
            : { state: 'failed', data: prev.data, message: failureText(err, 'Reading this') },
        );
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, online, round]);
  return { ...result, reload };
}
