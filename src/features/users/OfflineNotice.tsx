// Offline, the screen says what still works: security actions are never queued (issue 13).
import { CloudOff } from 'lucide-react';
import { Card } from '../../ui/Card.tsx';
import { Stack } from '../../ui/Layout.tsx';

export const OFFLINE_ACTIONS =
  'Inviting people, changing roles and permissions, disabling and deleting accounts, photos and password resets need a connection. They are never queued: their controls come back when you reconnect. Your name and phone can still be saved, and are sent when you are back online.';

export function OfflineNotice() {
  return (
    <Card role="status" aria-label="Offline">
      <Stack direction="row" gap={3} align="flex-start">
        <CloudOff aria-hidden="true" />
        <Stack gap={1}>
          <strong>These actions need a connection</strong>
          <span>{OFFLINE_ACTIONS}</span>
        </Stack>
      </Stack>
    </Card>
  );
}
