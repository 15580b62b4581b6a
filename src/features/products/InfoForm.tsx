// Info in edit mode: the fields, measures with their unit, the automation toggle (only when
// cancelable_as, and with send-products-for-automation), the note (200 characters), categories,
// then tags, information blocks and files (InfoLists).
import { useId } from 'react';
import { useProductCategories, type ProductRow } from '../../data/index.ts';
import { BlocksEditor, FilesEditor, TagsEditor } from './InfoLists.tsx';
import { canToggleAutomation, clampNote, MEASURE_UNITS, NOTE_MAX, type Draft } from './product-rules.ts';

interface Props {
  product: ProductRow;
  customerId: number;
  draft: Draft;
  mayAutomate: boolean;
  onChange: (d: Draft) => void;
}

type TextKey = 'name' | 'sku' | 'collection' | 'height' | 'width' | 'depth' | 'finish';

export function InfoForm({ product, customerId, draft, mayAutomate, onChange }: Props) {
  const id = useId();
  const categories = useProductCategories() ?? [];
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const text = (key: TextKey, label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} value={draft[key]} onChange={(e) => set({ [key]: e.target.value })} />
    </div>
  );
  const toggleSub = (sid: number) =>
    set({ subcategories: draft.subcategories.includes(sid) ? draft.subcategories.filter((s) => s !== sid) : [...draft.subcategories, sid] });
  const automationLocked = !canToggleAutomation(product, mayAutomate);
  return (
    <form className="info-form" onSubmit={(e) => e.preventDefault()} aria-label="Edit product information">
      <div className="field-grid">
        {text('name', 'Name')}
        {text('sku', 'SKU')}
        {text('collection', 'Collection')}
        {text('finish', 'Finish')}
      </div>
      <label className="toggle">
        <input
          type="checkbox"
          role="switch"
          checked={draft.automation_system === 1}
          disabled={automationLocked}
          aria-describedby={automationLocked ? `${id}-auto-hint` : undefined}
          onChange={(e) => set({ automation_system: e.target.checked ? 1 : 0 })}
        />
        Automation
      </label>
      {automationLocked && (
        <p id={`${id}-auto-hint`} className="hint">
          The automation flag of this product cannot be changed.
        </p>
      )}
      <fieldset className="measures">
        <legend>Measures</legend>
        {text('height', 'Height')}
        {text('width', 'Width')}
        {text('depth', 'Depth')}
        <div className="field">
          <label htmlFor={`${id}-unit`}>Unit</label>
          <select id={`${id}-unit`} value={draft.measure} onChange={(e) => set({ measure: e.target.value })}>
            {MEASURE_UNITS.map((u) => (
              <option key={u} value={u}>
                {u || '(blank)'}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note</label>
        <textarea id={`${id}-note`} rows={3} maxLength={NOTE_MAX} value={draft.note} aria-describedby={`${id}-note-count`} onChange={(e) => set({ note: clampNote(e.target.value) })} />
        <span id={`${id}-note-count`} className="hint">
          {draft.note.length}/{NOTE_MAX}
        </span>
      </div>
      <fieldset className="categories">
        <legend>Categories</legend>
        {categories.map((c) => (
          <fieldset key={c.id} className="category">
            <legend>{c.category}</legend>
            {c.subcategories.map((s) => (
              <label key={s.id} className="check">
                <input type="checkbox" checked={draft.subcategories.includes(s.id)} onChange={() => toggleSub(s.id)} />
                {s.subcategory}
              </label>
            ))}
          </fieldset>
        ))}
      </fieldset>
      <TagsEditor customerId={customerId} tags={draft.tags} onChange={(tags) => set({ tags })} />
      <BlocksEditor blocks={draft.blocks} onChange={(blocks) => set({ blocks })} />
      <FilesEditor files={draft.files} newFiles={draft.newFiles} onChange={(files, newFiles) => set({ files, newFiles })} />
    </form>
  );
}
