// The view's sort and thumbnail size, beside the count (document 2 §2.2, issue 28). Memoised with a
// stable patch: a keystroke in the search box does not render the two controls again.
import { memo } from 'react';
import { ArrowUpDown, Grid2x2, Grid3x3, Square } from 'lucide-react';
import { SegmentedControl } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { sortOptions, type FilterState, type ThumbSize } from './catalog-rules.ts';
import type { PatchFilters } from './useUrlFilters.ts';
import styles from './catalog.module.css';

// The words are hidden where the catalogue's line is short (catalog.module.css), the icons stay.
const word = (w: string) => <span className={styles.sizeWord}>{w}</span>;
const SIZES = [
  { value: 'small' as const, label: word('Small'), icon: <Grid3x3 /> },
  { value: 'medium' as const, label: word('Medium'), icon: <Grid2x2 /> },
  { value: 'big' as const, label: word('Big'), icon: <Square /> },
];

interface Props {
  kind: 'products' | 'templates';
  sort: FilterState['sort'];
  size: ThumbSize;
  patch: PatchFilters;
}

export const ViewControls = memo(function ViewControls({ kind, sort, size, patch }: Props) {
  return (
    <>
      <Select
        className={styles.sort}
        label="Sort"
        hideLabel
        leading={<ArrowUpDown />}
        size="sm"
        value={sort}
        options={sortOptions(kind)}
        onValueChange={(s) => patch({ sort: s })}
      />
      <ThumbSizeControl size={size} patch={patch} />
    </>
  );
});

/** The thumbnail size alone (the template catalogues have no sort). */
export const ThumbSizeControl = memo(function ThumbSizeControl({ size, patch }: Pick<Props, 'size' | 'patch'>) {
  return (
    <SegmentedControl<ThumbSize> label="Thumbnail size" value={size} options={SIZES} onValueChange={(s) => patch({ size: s })} />
  );
});
