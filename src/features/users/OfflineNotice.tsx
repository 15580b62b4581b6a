// Offline, the screen says what still works: security actions are never queued (issue 13).
import { CloudOff } from 'lucide-react';
import { Callout } from '../../ui/Callout.tsx';

export const OFFLINE_ACTIONS =
  'Inviting people, changing roles and permissions, disabling and deleting accounts, photos and password resets need a connection. They are never queued: their controls come back when you reconnect. Your name and phone can still be saved, and are sent when you are back online.';

export function OfflineNotice() {
  return (
    <section aria-label="Offline">
      <Callout tone="warning" role="status" icon={<CloudOff />}>
        <strong>These actions need a connection.</strong> {OFFLINE_ACTIONS}
      </Callout>
    </section>
  );
}
