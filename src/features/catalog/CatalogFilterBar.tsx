// The catalogue filters (document 2 §2.2): name/SKU, id, collection (products), the date range,
// public/private (scenes), automation (products). The thumbnail size sits with the count (a view choice).
import { DateRangeFilter } from '../calendar/DateRangeFilter.tsx';
import { Select } from '../../ui/Select.tsx';
import { SearchField, TextField } from '../../ui/TextField.tsx';
import { AUTOMATION_OPTIONS, cleanId, VISIBILITY_OPTIONS, type FilterState } from './catalog-rules.ts';
import styles from './catalog.module.css';

interface Props {
  kind: 'products' | 'templates';
  value: FilterState;
  onChange: (f: FilterState) => void;
  /** The search box's id ("/" focuses it). */
  searchId?: string;
}

export function CatalogFilterBar({ kind, value, onChange, searchId }: Props) {
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
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
        onValueChange={(text) => set({ text })}
      />
      <TextField className={styles.fId} label="Id" inputMode="numeric" numeric placeholder="Any" value={value.id} onChange={(e) => set({ id: cleanId(e.target.value) })} />
      {products && <TextField className={styles.fCollection} label="Collection" placeholder="Any" value={value.collection} onChange={(e) => set({ collection: e.target.value })} />}
      <DateRangeFilter className={styles.fDate} value={{ preset: value.preset, range: value.range }} onChange={(r) => set({ preset: r.preset, range: r.range })} />
      {products ? (
        <Select className={styles.fSelect} label="Automation" value={value.automation} options={AUTOMATION_OPTIONS} onValueChange={(automation) => set({ automation })} />
      ) : (
        <Select className={styles.fSelect} label="Visibility" value={value.visibility} options={VISIBILITY_OPTIONS} onValueChange={(visibility) => set({ visibility })} />
      )}
    </div>
  );
}
