// The catalogue filters (document 2 §2.2): name/SKU, id, collection (products), the date range,
// public/private (scenes), automation (products) and the thumbnail size.
import { useId } from 'react';
import { DateRangeFilter } from '../calendar/DateRangeFilter.tsx';
import { AUTOMATION_OPTIONS, cleanId, VISIBILITY_OPTIONS, type FilterState, type ThumbSize } from './catalog-rules.ts';

const SIZES: { value: ThumbSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'big', label: 'Big' },
];

export function CatalogFilterBar({ kind, value, onChange }: { kind: 'products' | 'templates'; value: FilterState; onChange: (f: FilterState) => void }) {
  const id = useId();
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  const products = kind === 'products';
  return (
    <div className="catalog-filters" role="search" aria-label="Filters">
      <div className="filter">
        <label htmlFor={`${id}-text`}>{products ? 'Name or SKU' : 'Name or tag'}</label>
        <input id={`${id}-text`} type="search" value={value.text} onChange={(e) => set({ text: e.target.value })} />
      </div>
      <div className="filter narrow">
        <label htmlFor={`${id}-id`}>Id</label>
        <input id={`${id}-id`} inputMode="numeric" value={value.id} onChange={(e) => set({ id: cleanId(e.target.value) })} />
      </div>
      {products && (
        <div className="filter">
          <label htmlFor={`${id}-col`}>Collection</label>
          <input id={`${id}-col`} value={value.collection} onChange={(e) => set({ collection: e.target.value })} />
        </div>
      )}
      <DateRangeFilter value={{ preset: value.preset, range: value.range }} onChange={(r) => set({ preset: r.preset, range: r.range })} />
      {products ? (
        <div className="filter">
          <label htmlFor={`${id}-auto`}>Automation</label>
          <select id={`${id}-auto`} value={value.automation} onChange={(e) => set({ automation: Number(e.target.value) })}>
            {AUTOMATION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="filter">
          <label htmlFor={`${id}-vis`}>Visibility</label>
          <select id={`${id}-vis`} value={value.visibility} onChange={(e) => set({ visibility: Number(e.target.value) })}>
            {VISIBILITY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="filter sizes">
        <legend>Thumbnail size</legend>
        {SIZES.map((s) => (
          <label key={s.value} className="radio">
            <input type="radio" name={`${id}-size`} value={s.value} checked={value.size === s.value} onChange={() => set({ size: s.value })} />
            {s.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
