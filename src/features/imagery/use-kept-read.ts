// A live server read (useServerRead) whose last answer is kept on the device: offline, the screen shows
// what it saw online with `keptAt`, and says only what needs the network (issue 43).
import { useEffect } from 'react';
import { keepRead, useKeptRead } from '../../data/index.ts';
import { useServerRead, type ServerRead } from './use-server-read.ts';

export type KeptServerRead<T> = ServerRead<T> & { reload: () => void; keptAt?: number };

export function useKeptServerRead<T>(key: string, read: () => Promise<T>, deps: readonly unknown[]): KeptServerRead<T> {
  const live = useServerRead(read, deps);
  const kept = useKeptRead<T>(key);
  const fresh = live.state === 'ready' ? live.data : undefined;
  useEffect(() => {
    if (fresh !== undefined) void keepRead(key, fresh).catch(() => undefined);
  }, [key, fresh]);
  if (live.state === 'offline' && live.data === undefined && kept) return { ...live, data: kept.data, keptAt: kept.at };
  return live;
}
