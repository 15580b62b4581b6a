// Dashboard (document 1 §2, §4, §6, §8, §9). The route's rule already sends users without
// dashboard-access on (§6). The blocks read the last figures kept on the device and are refreshed
// on opening; failures are only logged (§8); offline the stored figures show with their time.
import { useEffect } from 'react';
import { useSession } from '../../app/session.tsx';
import { useAccess } from '../../app/permissions.ts';
import { refreshDashboard, useDashboard, useLiveDashboard, useSyncStatus } from '../../data/index.ts';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel } from '../../ui/Skeleton.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { LastRegistered } from './LastRegistered.tsx';
import { RoundsReview } from './RoundsReview.tsx';
import { ServiceProgress } from './ServiceProgress.tsx';
import { TasksByStates } from './TasksByStates.tsx';
import styles from './dashboard.module.css';

const SLUGS = ['reader-info-access', 'editor-info-access', 'approve-services'] as const;

export default function DashboardPage() {
  const { customerId } = useSession();
  const { access, ready } = useAccess(SLUGS);
  const { online } = useSyncStatus();
  const info = !!(access['reader-info-access'] || access['editor-info-access']);
  const snapshot = useDashboard(customerId);
  const data = snapshot?.data;

  useEffect(() => {
    if (customerId === null || !ready || !online) return;
    void refreshDashboard(customerId, info);
  }, [customerId, ready, info, online]);
  // Live (issue 44): a poke about rounds or products reads the blocks again in place.
  useLiveDashboard(ready ? customerId : null, info);

  const fetched = snapshot
    ? `${online ? 'Updated' : 'Offline: figures from'} ${formatDateTime(snapshot.at)}`
    : online
      ? 'Loading the latest figures…'
      : 'Offline: no figures on this device yet.';
  return (
    <Page className={styles.page}>
      <PageHeader
        title="Dashboard"
        description="Service progress, review rounds and your newest products"
        meta={
          <Badge tone={online ? 'neutral' : 'warning'} size="sm" data-testid="dashboard-fetched">
            {fetched}
          </Badge>
        }
      />
      {snapshot === undefined && <LoadingLabel>Loading the dashboard…</LoadingLabel>}
      <div className={styles.grid}>
        <RoundsReview
          rounds={data?.rounds ?? (snapshot === null && !online ? [] : undefined)}
          canApprove={!!access['approve-services']}
        />
        <TasksByStates tasks={data?.tasks ?? (snapshot === null && !online ? [] : undefined)} />
        <ServiceProgress items={data?.progress ?? (snapshot === null && !online ? [] : undefined)} />
        {info && customerId !== null && (
          <LastRegistered cid={customerId} stored={data?.lastRegistered ?? (snapshot === null && !online ? [] : undefined)} />
        )}
      </div>
    </Page>
  );
}
