// The catalogue filters (document 2 §2.2): name/SKU, id, collection (products), the date range,
// public/private (scenes), automation (products). The thumbnail size sits with the count (a view choice).
// A keystroke in the search box renders the box alone: the other filters are memoised and change
// the latest filters through useUrlFilters' stable patch (the date range and the selects cost a
// millisecond a key).
import { memo } from 'react';
import { DateRangeFilter } from '../calendar/DateRangeFilter.tsx';
import { Select } from '../../ui/Select.tsx';
import { SearchField, TextField } from '../../ui/TextField.tsx';
import { AUTOMATION_OPTIONS, cleanId, VISIBILITY_OPTIONS, type FilterState } from './catalog-rules.ts';
import type { PatchFilters } from './useUrlFilters.ts';
import styles from './catalog.module.css';

interface Props {
  kind: 'products' | 'templates';
  value: FilterState;
  patch: PatchFilters;
  /** The search box's id ("/" focuses it). */
  searchId?: string;
  /** ↓ in the search box: into the results. */
  onArrowDown?: () => void;
}

export function CatalogFilterBar({ kind, value, patch, searchId, onArrowDown }: Props) {
  const products = kind === 'products';
  return (
    <div className={styles.filters} role="search" aria-label="Filters">
      <SearchField
        id={searchId}
        className={styles.fText}
        label={products ? 'Name or SKU' : 'Name or tag'}
        placeholder={products ? 'Name, SKU, collection, finish, tag… ( / )' : 'Name, tag or collection… ( / )'}
        aria-keyshortcuts="/"
        value={value.text}
        onValueChange={(text) => patch({ text })}
        onKeyDown={(e) => {
          if (
            e.key !== 'ArrowDown' ||
            !onArrowDown ||
            e.altKey ||
            e.ctrlKey ||
            e.metaKey ||
            e.shiftKey ||
            e.nativeEvent.isComposing
          )
            return;
          e.preventDefault();
          onArrowDown();
        }}
      />
      <OtherFilters
        products={products}
        id={value.id}
        collection={value.collection}
        preset={value.preset}
        range={value.range}
        automation={value.automation}
        visibility={value.visibility}
        patch={patch}
      />
    </div>
  );
}

type OtherProps = Pick<FilterState, 'id' | 'collection' | 'preset' | 'range' | 'automation' | 'visibility'> & {
  products: boolean;
  patch: PatchFilters;
};

const OtherFilters = memo(function OtherFilters({
  products,
  id,
  collection,
  preset,
  range,
  automation,
  visibility,
  patch,
}: OtherProps) {
  return (
    <>
      <TextField
        className={styles.fId}
        label="Id"
        inputMode="numeric"
        numeric
        placeholder="Any"
        value={id}
        onChange={(e) => patch({ id: cleanId(e.target.value) })}
      />
      {products && (
        <TextField
          className={styles.fCollection}
          label="Collection"
          placeholder="Any"
          value={collection}
          onChange={(e) => patch({ collection: e.target.value })}
        />
      )}
      <DateRangeFilter
        className={styles.fDate}
        value={{ preset, range }}
        onChange={(r) => patch({ preset: r.preset, range: r.range })}
      />
      {products ? (
        <Select
          className={styles.fSelect}
          label="Automation"
          value={automation}
          options={AUTOMATION_OPTIONS}
          onValueChange={(a) => patch({ automation: a })}
        />
      ) : (
        <Select
          className={styles.fSelect}
          label="Visibility"
          value={visibility}
          options={VISIBILITY_OPTIONS}
          onValueChange={(v) => patch({ visibility: v })}
        />
      )}
    </>
  );
});
