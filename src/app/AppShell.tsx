// The signed-in layout: side menu, status bar (offline badge, pending changes), the screen,
// the terms popup, and the data layer's sync for the chosen company.
import { useEffect } from 'react';
import { startSync, usePendingChanges, useSyncStatus } from '../data/index.ts';
import { useBackgroundSync } from './background-sync.ts';
import { useImagePrefetch } from './image-prefetch.ts';
import { OfflineBadge, PendingChanges } from './PendingChanges.tsx';
import { useSession } from './session.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TermsGate } from './TermsGate.tsx';

export function AppShell({ children }: { children: React.ReactNode }) {
  const { customerId } = useSession();
  const { online } = useSyncStatus();
  useBackgroundSync(usePendingChanges().count);
  useImagePrefetch(customerId);
  useEffect(() => {
    if (customerId === null) return;
    return startSync({ customerId });
  }, [customerId]);
  return (
    <div className="app-shell">
      <SideMenu />
      <div className="app-main">
        <div className="status-bar">
          <OfflineBadge online={online} />
          <PendingChanges />
        </div>
        <main className="app-content">{children}</main>
      </div>
      <TermsGate />
    </div>
  );
}
