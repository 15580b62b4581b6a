// The review page's shape while the round loads (or the company is being chosen), so nothing jumps.
import { Page } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton, SkeletonText } from '../../ui/Skeleton.tsx';
import styles from './review.module.css';

export function RoundSkeleton({ label }: { label: string }) {
  return (
    <Page className={styles.page} data-testid="review-loading">
      <LoadingLabel>{label}</LoadingLabel>
      <div className={styles.headSkeleton} aria-hidden="true">
        <Skeleton shape="text" width={220} height={28} />
        <SkeletonText lines={1} />
      </div>
      <div className={styles.layout} aria-hidden="true">
        <div className={styles.listSkeleton}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={64} />
          ))}
        </div>
        <Skeleton height={480} />
      </div>
    </Page>
  );
}
