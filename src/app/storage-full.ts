// A write that found no room on the device, even after the cached images went (data/quota.ts): the
// user is told what to do, word for word, wherever they are; the status menu keeps the message.
import { useEffect } from 'react';
import { onStorageFull, QUOTA_MESSAGE } from '../data/local/index.ts';
import { notify } from '../ui/notify.tsx';

export function useStorageFullToast() {
  useEffect(() => onStorageFull((s) => s.failedAt !== null && void notify.error(QUOTA_MESSAGE)), []);
}
