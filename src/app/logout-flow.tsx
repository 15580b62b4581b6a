// Logout, with a warning first when queued changes have not reached the server yet. The shell owns one
// flow (useLogoutFlow) that the side menu's Logout and the user menu's Log out both start.
import { useState } from 'react';
import { usePendingChanges } from '../data/index.ts';
import { AlertPopup } from '../ui/AlertPopup.tsx';
import { pluralWord } from '../ui/format.ts';
import { logout } from './logout.ts';

export function useLogoutFlow() {
  const { count } = usePendingChanges();
  const [state, setState] = useState<'idle' | 'confirm' | 'working'>('idle');
  const run = () => {
    setState('working');
    void logout();
  };
  const start = () => (count > 0 ? setState('confirm') : run());
  const dialog = (
    <AlertPopup
      open={state !== 'idle'}
      title="Logout"
      progress={state === 'working' ? 'Logging out...' : undefined}
      message={`${count} ${pluralWord(count, 'change has', 'changes have')} not reached the server yet. Logging out deletes ${pluralWord(count, 'it', 'them')} from this device.`}
      confirmLabel="Log out anyway"
      danger
      onConfirm={run}
      onCancel={() => setState('idle')}
    />
  );
  return { start, dialog };
}
