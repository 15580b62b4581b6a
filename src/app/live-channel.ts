// The live channel for the signed-in shell (issue 44): one connection per browser pokes this tab to pull
// what others changed; a change of the user's own permissions asks have_access again, so menus follow.
import { useEffect } from 'react';
import { startLive } from '../data/index.ts';
import { reaskAccess } from './permissions.ts';

export function useLiveChannel(customerId: number | null): void {
  useEffect(() => (customerId === null ? undefined : startLive({ cid: customerId, onMe: reaskAccess })), [customerId]);
}
