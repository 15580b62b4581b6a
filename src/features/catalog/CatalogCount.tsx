// The count beside a catalogue grid (issue 43): a number only once the whole answer is known. Before,
// the loading state said "0 products" beside the skeletons, and a first page its own length.
import { plural } from '../../ui/format.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import styles from './catalog.module.css';

export function CatalogCount({ total, known, noun }: { total: number; known: boolean; noun: 'product' | 'template' }) {
  return (
    <span role="status" data-testid="catalog-count" className={styles.count} aria-busy={!known}>
      {known ? (
        plural(total, noun)
      ) : (
        <>
          <Skeleton shape="text" width="6em" />
          <span className="sr-only">Counting {noun}s…</span>
        </>
      )}
    </span>
  );
}
