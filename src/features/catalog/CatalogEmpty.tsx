// What the catalogue shows instead of the grid: skeleton tiles while the first rows load, and an empty
// state that says why the list is empty and offers the one way out (clear the filters, all products,
// or add the first product).
import { Link } from 'react-router-dom';
import { FolderOpen, PackagePlus, SearchX } from 'lucide-react';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { ALL_PRODUCTS, isFiltered, THUMB_WIDTH, type FilterState, type Section, type ThumbSize } from './catalog-rules.ts';
import styles from './catalog.module.css';

export function CatalogEmpty({
  section,
  filters,
  canRegister,
  onClear,
}: {
  section: Section;
  filters: FilterState;
  canRegister: boolean;
  onClear: () => void;
}) {
  const noun = section.kind === 'templates' ? 'templates' : 'products';
  const inCategory = section.categoryId !== undefined || (section.kind === 'products' && section.subcategoryId !== undefined);
  let state;
  if (isFiltered(filters)) {
    state = (
      <EmptyState
        icon={<SearchX />}
        title={`No ${noun} match these filters.`}
        description="Try another name, id or collection, or a wider date range."
        action={
          <Button variant="primary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (inCategory) {
    state = (
      <EmptyState
        icon={<FolderOpen />}
        title={`No ${noun} in this category yet.`}
        action={
          <Link to={`?section=${section.kind === 'templates' ? 'templates' : ALL_PRODUCTS}`} className={buttonClass()}>
            Show all {noun}
          </Link>
        }
      />
    );
  } else {
    state = (
      <EmptyState
        icon={<PackagePlus />}
        title={`No ${noun} yet.`}
        description={
          section.kind === 'templates'
            ? 'Templates shared with your company appear here.'
            : 'Products you register appear here, with their images.'
        }
        action={
          section.kind === 'products' && canRegister ? (
            <Link to="/product/add" className={buttonClass({ variant: 'primary' })}>
              Add Products
            </Link>
          ) : undefined
        }
      />
    );
  }
  return <div className={styles.emptyBox}>{state}</div>;
}

/** Tiles the size of the real ones, so nothing jumps when the rows arrive. */
export function GridSkeleton({ size }: { size: ThumbSize }) {
  const width = size === 'big' ? undefined : THUMB_WIDTH[size];
  return (
    <div
      className={styles.skeletonGrid}
      style={{ gridTemplateColumns: width ? `repeat(auto-fill, ${width}px)` : 'repeat(3, 1fr)' }}
    >
      <LoadingLabel>Loading the catalogue…</LoadingLabel>
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className={styles.skeletonCard}>
          <Skeleton className={styles.skeletonThumb} />
          <Skeleton shape="text" width="70%" />
          <Skeleton shape="text" width="40%" />
        </div>
      ))}
    </div>
  );
}
