// Info in edit mode, in cards: identification and the note (200 characters), automation (only when cancelable_as, and with
// send-products-for-automation), measures with their unit, categories, then
// tags, information blocks and files (InfoLists). Errors show under their fields.
import { useProductCategories, type ProductRow } from '../../data/index.ts';
import { Card } from '../../ui/Card.tsx';
import { Checkbox, Switch } from '../../ui/Checkbox.tsx';
import { Fieldset } from '../../ui/Field.tsx';
import { FormGrid } from '../../ui/Layout.tsx';
import { Select } from '../../ui/Select.tsx';
import { NumberField, TextArea, TextField } from '../../ui/TextField.tsx';
import { BlocksEditor, FilesEditor, TagsEditor } from './InfoLists.tsx';
import { SkuField } from './SkuField.tsx';
import { productRules } from '../../api/contract/rules/product.ts';
import { canToggleAutomation, UNIT_OPTIONS, type Draft, type InfoErrors } from './product-rules.ts';
import styles from './products.module.css';

interface Props {
  product: ProductRow;
  customerId: number;
  draft: Draft;
  errors: InfoErrors;
  mayAutomate: boolean;
  /** Each stored file's name as uploaded, by its path. */
  fileNames: Readonly<Record<string, string>>;
  onChange: (d: Draft) => void;
  /** The tag typed but not yet added (kept with the draft). */
  tagText: string;
  onTagText: (text: string) => void;
}

type TextKey = 'name' | 'collection' | 'finish';
type MeasureKey = 'height' | 'width' | 'depth';

export function InfoForm({ product, customerId, draft, errors, mayAutomate, fileNames, onChange, tagText, onTagText }: Props) {
  const categories = useProductCategories() ?? [];
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const text = (key: TextKey, label: string) => (
    <TextField label={label} value={draft[key]} error={errors[key]} onChange={(e) => set({ [key]: e.target.value })} />
  );
  const measure = (key: MeasureKey, label: string) => (
    <NumberField
      label={label}
      value={draft[key]}
      unit={draft.measure || undefined}
      min={0}
      error={errors[key]}
      onChange={(v) => set({ [key]: v })}
    />
  );
  const toggleSub = (sid: number) =>
    set({
      subcategories: draft.subcategories.includes(sid)
        ? draft.subcategories.filter((s) => s !== sid)
        : [...draft.subcategories, sid],
    });
  const automationLocked = !canToggleAutomation(product, mayAutomate);
  return (
    <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-label="Edit product information" noValidate>
      <Card title="Identification" headingLevel={3}>
        <FormGrid>
          {text('name', 'Name')}
          <SkuField
            customerId={customerId}
            self={product.id}
            value={draft.sku}
            error={errors.sku}
            onChange={(sku) => set({ sku })}
          />
          {text('collection', 'Collection')}
          {text('finish', 'Finish')}
          <div data-span="full">
            <TextArea
              label="Note"
              rows={3}
              limit={productRules.note.max}
              value={draft.note}
              error={errors.note}
              onChange={(e) => set({ note: e.target.value })}
            />
          </div>
        </FormGrid>
      </Card>
      <Card title="Automation" headingLevel={3}>
        <Switch
          label="Automation"
          description={
            automationLocked
              ? 'The automation flag of this product cannot be changed.'
              : 'Send this product to the automation system. It needs the height, width and depth.'
          }
          checked={draft.automation_system === 1}
          disabled={automationLocked}
          onCheckedChange={(on) => set({ automation_system: on ? 1 : 0 })}
        />
      </Card>
      <Card title="Measures" headingLevel={3}>
        <FormGrid columns={4}>
          {measure('height', 'Height')}
          {measure('width', 'Width')}
          {measure('depth', 'Depth')}
          <Select
            label="Unit"
            value={draft.measure}
            options={UNIT_OPTIONS}
            error={errors.measure}
            onValueChange={(measure) => set({ measure })}
          />
        </FormGrid>
      </Card>
      <Card title="Categories" headingLevel={3}>
        <div className={styles.categories}>
          {categories.map((c) => (
            <Fieldset key={c.id} legend={c.category}>
              {c.subcategories.map((s) => (
                <Checkbox
                  key={s.id}
                  label={s.subcategory}
                  checked={draft.subcategories.includes(s.id)}
                  onCheckedChange={() => toggleSub(s.id)}
                />
              ))}
            </Fieldset>
          ))}
        </div>
      </Card>
      <TagsEditor
        customerId={customerId}
        tags={draft.tags}
        error={errors.tags}
        onChange={(tags) => set({ tags })}
        text={tagText}
        onText={onTagText}
      />
      <BlocksEditor blocks={draft.blocks} errors={errors} onChange={(blocks) => set({ blocks })} />
      <FilesEditor
        files={draft.files}
        names={fileNames}
        newFiles={draft.newFiles}
        onChange={(files, newFiles) => set({ files, newFiles })}
      />
    </form>
  );
}
