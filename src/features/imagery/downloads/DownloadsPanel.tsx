// A section's Downloads panel (issues 14, 27): this product's export jobs of the section as they are
// now: queued, rendering n of m, ready (with the link, and a word when files were upscaled), failed
// (with the reason, and Retry for the section's editors). It reads again every few seconds while a
// job is under way, so it updates without a reload.
import { useEffect } from 'react';
import type { PresetSection } from '../../../api/contract/rules/preset.ts';
import { CloudOff, Download, FileArchive, RotateCw } from 'lucide-react';
import { exportJobs, retryExport, type ExportJob } from '../../../api/exports.ts';
import { failureText, needsConnection } from '../../../api/failure-text.ts';
import { useUserAction } from '../../../app/user-action.ts';
import { useJobProgress, useLiveTick, useSyncStatus } from '../../../data/index.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { Callout } from '../../../ui/Callout.tsx';
import { Card } from '../../../ui/Card.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { SkeletonText } from '../../../ui/Skeleton.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { notify } from '../../../ui/notify.tsx';
import { useServerRead } from '../use-server-read.ts';
import { jobLine, POLL_MS, underWay, upscaleNote } from './job-view.ts';
import styles from './downloads.module.css';

const RETRYING = 'Retrying an export';

interface Props {
  section: PresetSection;
  productId: number;
  customerId: number;
  /** The section's editor may retry a failed export (an order like Send to email). */
  canOrder: boolean;
  /** Bumped by the caller after it queued jobs, so the list is read at once. */
  version?: number;
}

export function DownloadsPanel({ section, productId, customerId, canOrder, version = 0 }: Props) {
  // Live (issue 44): an exports poke (a job queued, ready or failed) reads the list again at once.
  const poked = useLiveTick('exports');
  const jobs = useServerRead(() => exportJobs(productId, customerId), [productId, customerId, version, poked]);
  const list = (jobs.data ?? []).filter((j) => j.section === section);
  const busy = list.some(underWay);
  const { reload } = jobs;
  useEffect(() => {
    if (!busy) return;
    const t = setInterval(reload, POLL_MS);
    return () => clearInterval(t);
  }, [busy, reload]);

  return (
    <Card
      title="Downloads"
      description="Exports of this product, rendered on the server. Links are also sent by e-mail."
      headingLevel={3}
    >
      {!jobs.data && jobs.state === 'loading' ? (
        <SkeletonText lines={3} />
      ) : !jobs.data && jobs.state === 'offline' ? (
        <EmptyState compact icon={<CloudOff />} title="Downloads show when you are back online." />
      ) : !jobs.data && jobs.state === 'failed' ? (
        <Callout tone="danger">Error: {jobs.message}</Callout>
      ) : !list.length ? (
        <EmptyState
          compact
          icon={<FileArchive />}
          title="No downloads yet."
          description={canOrder ? 'Choose Download Options and Send to email.' : undefined}
        />
      ) : (
        <ul className={styles.jobs} aria-label="Export jobs" aria-live="polite">
          {list.map((job) => (
            <JobRow key={job.id} job={job} customerId={customerId} canOrder={canOrder} onRetried={reload} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function JobRow({
  job,
  customerId,
  canOrder,
  onRetried,
}: {
  job: ExportJob;
  customerId: number;
  canOrder: boolean;
  onRetried: () => void;
}) {
  // One retry per failure of the job (its updated_at): Retry clicked twice queues it once.
  const action = useUserAction();
  const { online } = useSyncStatus();
  // A live progress tick of a rendering job carries its count: shown without reading the list again.
  const tick = useJobProgress('export', job.id);
  const shown =
    job.status === 'rendering' && tick?.state === 'rendering' && tick.done !== undefined
      ? { ...job, progress: tick.done, total: tick.total ?? job.total }
      : job;
  const line = jobLine(shown);
  const upscaled = upscaleNote(job);
  const retry = () =>
    void action.run(
      async (a) => {
        await retryExport(job.id, customerId, a.key());
        notify.info('Queued again', `${job.retailer} will be rendered again.`);
        onRetried();
      },
      { input: [job.id, job.updated_at], onError: (err) => notify.error(`Error: ${failureText(err, RETRYING)}`) },
    );
  return (
    <li className={styles.job} data-testid="export-job" data-status={job.status}>
      <div className={styles.jobHead}>
        <strong>{job.retailer}</strong>
        <Badge tone={line.tone} size="sm">
          {line.status}
        </Badge>
        <span className={styles.when}>{formatDateTime(new Date(job.created_at))}</span>
      </div>
      {job.status === 'rendering' && (
        <ProgressBar label={line.detail} value={shown.total ? (100 * shown.progress) / shown.total : undefined} showLabel />
      )}
      {job.status !== 'rendering' && line.detail && <p className={styles.detail}>{line.detail}</p>}
      {upscaled && (
        <p className={styles.detail}>
          <Badge tone="warning" size="sm">
            {upscaled.badge}
          </Badge>{' '}
          {upscaled.detail}
        </p>
      )}
      {job.status === 'ready' && job.url && (
        <a className={buttonClass({ size: 'sm' })} href={job.url} download>
          <Download aria-hidden="true" size={14} /> Download the zip
        </a>
      )}
      {job.status === 'failed' && canOrder && (
        <>
          <Button
            size="sm"
            icon={<RotateCw />}
            loading={action.running}
            disabled={!online}
            aria-describedby={online ? undefined : `retry-offline-${job.id}`}
            onClick={retry}
          >
            Retry
          </Button>
          {!online && (
            <p id={`retry-offline-${job.id}`} className={styles.detail}>
              {needsConnection(RETRYING)}
            </p>
          )}
        </>
      )}
    </li>
  );
}
