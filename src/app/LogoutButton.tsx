// Logout, with a warning first when queued changes have not reached the server yet.
import { useState } from 'react';
import { usePendingChanges } from '../data/index.ts';
import { AlertPopup } from '../ui/AlertPopup.tsx';
import { logout } from './logout.ts';

export function LogoutButton() {
  const { count } = usePendingChanges();
  const [state, setState] = useState<'idle' | 'confirm' | 'working'>('idle');
  const run = () => {
    setState('working');
    void logout();
  };
  return (
    <>
      <button type="button" className="menu-link" onClick={() => (count > 0 ? setState('confirm') : run())}>
        Logout
      </button>
      <AlertPopup
        open={state !== 'idle'}
        title="Logout"
        progress={state === 'working' ? 'Logging out...' : undefined}
        message={`${count} ${count === 1 ? 'change has' : 'changes have'} not reached the server yet. Logging out deletes ${count === 1 ? 'it' : 'them'} from this device.`}
        confirmLabel="Log out anyway"
        danger
        onConfirm={run}
        onCancel={() => setState('idle')}
      />
    </>
  );
}
