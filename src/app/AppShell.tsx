// The signed-in layout: the side menu, the top bar (breadcrumbs, company, sync status, user menu), the
// offline banner, the screen, the terms popup and the toasts; and the data layer's sync for the company.
import { lazy, Suspense, useEffect, useState } from 'react';
import { PROVIDER_CONTEXT, type Slug } from '../api/contract/slugs.ts';
import { LIST_SLUGS, startSync, usePendingChanges, useSyncStatus } from '../data/index.ts';
import { cx } from '../ui/cx.ts';
import { useBackgroundSync } from './background-sync.ts';
import { useImagePrefetch } from './image-prefetch.ts';
import { useLiveChannel } from './live-channel.ts';
import { useLogoutFlow } from './logout-flow.tsx';
import { useAccess } from './permissions.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { useSession } from './session.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useStorageFullToast } from './storage-full.ts';
import { SyncProgress } from './SyncProgress.tsx';
import { TermsGate } from './TermsGate.tsx';
import { TopBar } from './TopBar.tsx';
import styles from './Shell.module.css';
import skipStyles from './SkipLink.module.css';

const Toaster = lazy(() => import('../ui/Toaster.tsx'));
const COLLAPSED_KEY = 'facet.menu-collapsed';

/**
 * The skip link (issue 28): past the menus to the screen's own content, or to what the screen marks
 * as its target (the catalogue: its results, on the grid's one tab stop).
 */
function skipToContent(e: React.MouseEvent) {
  e.preventDefault();
  const main = document.getElementById('content');
  const target = main?.querySelector<HTMLElement>('[data-skip-target]');
  (target?.querySelector<HTMLElement>('[tabindex="0"]') ?? target ?? main)?.focus();
}

export function AppShell({ children }: { children: React.ReactNode }) {
  const { customerId } = useSession();
  const { online } = useSyncStatus();
  const admin = customerId === PROVIDER_CONTEXT;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const logout = useLogoutFlow();
  useBackgroundSync(usePendingChanges().count);
  useImagePrefetch(customerId);
  useStorageFullToast();
  // The sync starts once the user's access is known and skips the lists it refuses: a 403 per pull
  // otherwise (issue 43). A slug that could not be asked (offline) counts as held.
  const lists = useAccess(LIST_SLUGS);
  const denied = LIST_SLUGS.filter((s) => lists.access[s] === false).join(',');
  useEffect(() => {
    if (customerId === null || !lists.ready) return;
    return startSync({ customerId, denied: denied ? (denied.split(',') as Slug[]) : [] });
  }, [customerId, lists.ready, denied]);
  useLiveChannel(customerId);
  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };
  return (
    <div className={cx(styles.shell, collapsed && styles.shellCollapsed)}>
      <a href="#content" className={skipStyles.skip} onClick={skipToContent}>
        Skip to content
      </a>
      <SideMenu collapsed={collapsed} onToggle={toggle} onLogout={logout.start} />
      <div className={styles.main}>
        <TopBar admin={admin} onLogout={logout.start} />
        <OfflineBanner online={online} />
        <SyncProgress />
        <main className={styles.content} id="content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <TermsGate />
      {logout.dialog}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
