// One product of the batch (document 2 §2.6, §5): the image gallery, identification, the automation
// toggle (only with send-products-for-automation), technical files, technical specs, categories, tags
// (the comma rule of Info) and free-form descriptions. A failed check shows under its field: the
// contract's field rules as the user types, §5's at SEND (the page merges both into `problems`).
import { Plus, Trash2 } from 'lucide-react';
import type { ProductCategoryRow } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox, Switch } from '../../ui/Checkbox.tsx';
import { Fieldset, FieldError } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { FormGrid, Stack } from '../../ui/Layout.tsx';
import { Select } from '../../ui/Select.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { SkuField } from '../products/SkuField.tsx';
import { ImageGallery } from './ImageGallery.tsx';
import { MEASURE_UNITS, productRules } from '../../api/contract/rules/product.ts';
import { acceptOf } from '../../api/contract/rules/files.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import {
  DEFAULT_DESCRIPTION_TITLE,
  MEASURE_PLACEHOLDER,
  type Problem,
  type ProblemField,
  type ProductItem,
  type TagChip,
} from './product-form-rules.ts';
import styles from './add-products.module.css';

interface Props {
  customerId: number;
  product: ProductItem;
  number: number;
  onChange: (patch: Partial<ProductItem>) => void;
  files: ReadonlyMap<number, File>;
  tagOptions: readonly TagChip[];
  categories: readonly ProductCategoryRow[];
  mayAutomate: boolean;
  problems: readonly Problem[];
  onAddImages: (accepted: File[], refused: File[]) => void;
  onAddFiles: (accepted: File[], refused: File[]) => void;
  onRemoveFile: (kind: 'imageIds' | 'fileIds', id: number) => void;
}

const UNITS = MEASURE_UNITS.map((u) => ({ value: u as string, label: u || '(blank)' }));
const checkFiles = uploadCheck('asset');

export function ProductEditor({
  customerId,
  product: p,
  number,
  onChange,
  files,
  tagOptions,
  categories,
  mayAutomate,
  problems,
  onAddImages,
  onAddFiles,
  onRemoveFile,
}: Props) {
  const err = (f: ProblemField) => problems.find((x) => x.field === f)?.message;
  const technical = p.fileIds.flatMap((id) => (files.has(id) ? [{ id, file: files.get(id)! }] : []));
  const toggleSub = (id: number, on: boolean) =>
    onChange({ subcategoryIds: on ? [...p.subcategoryIds, id] : p.subcategoryIds.filter((x) => x !== id) });
  const setBlock = (key: string, patch: Partial<ProductItem['descriptions'][number]>) =>
    onChange({ descriptions: p.descriptions.map((d) => (d.key === key ? { ...d, ...patch } : d)) });
  return (
    <div className={styles.sections}>
      <Card title="Images" description="The first image is the product's picture in the catalogue.">
        <ImageGallery
          images={p.imageIds.map((id) => ({ id, file: files.get(id) }))}
          onAdd={onAddImages}
          onRemove={(id) => onRemoveFile('imageIds', id)}
          error={err('images')}
        />
      </Card>

      <Card title="Identification" description="A name or a SKU is needed.">
        <FormGrid columns={3}>
          <TextField label="Name" value={p.name} onChange={(e) => onChange({ name: e.target.value })} error={err('name')} />
          <SkuField customerId={customerId} value={p.sku} onChange={(sku) => onChange({ sku })} error={err('sku')} />
          <TextField
            label="Collection"
            value={p.collection}
            onChange={(e) => onChange({ collection: e.target.value })}
            error={err('collection')}
          />
        </FormGrid>
        {mayAutomate && (
          <Switch
            className={styles.automation}
            label="Send for automation"
            description="The automation system needs the three dimensions and at least one technical file."
            checked={p.automation}
            onCheckedChange={(automation) => onChange({ automation })}
          />
        )}
      </Card>

      <Card title="Technical files" description="Drawings, spec sheets and documents.">
        <FileDrop
          label="Add files"
          accept={acceptOf('asset')}
          acceptLabel="TXT, PDF, DOC(X), XLS(X), PPT(X), CSV, DWG, PNG, JPG or WebP"
          multiple
          check={checkFiles}
          files={technical.map((t) => t.file)}
          onPick={onAddFiles}
          onRemove={(i) => onRemoveFile('fileIds', technical[i]!.id)}
          error={err('files')}
        />
      </Card>

      <Card title="Technical specs">
        <FormGrid columns={4}>
          {(['height', 'width', 'depth'] as const).map((f) => (
            <TextField
              key={f}
              label={f[0]!.toUpperCase() + f.slice(1)}
              value={p[f]}
              placeholder={MEASURE_PLACEHOLDER}
              onChange={(e) => onChange({ [f]: e.target.value })}
              error={err(f)}
              aria-invalid={err(f) || (err('dimensions') && !p[f].trim()) ? true : undefined}
            />
          ))}
          <Select
            label="Unit"
            value={p.measure}
            options={UNITS}
            onValueChange={(measure) => onChange({ measure })}
            error={err('measure')}
          />
        </FormGrid>
        {err('dimensions') && <FieldError>{err('dimensions')}</FieldError>}
        <FormGrid className={styles.specsRest}>
          <TextField
            label="Finish"
            value={p.finish}
            onChange={(e) => onChange({ finish: e.target.value })}
            error={err('finish')}
          />
          <TextArea
            label="Note"
            value={p.note}
            limit={productRules.note.max}
            rows={2}
            onChange={(e) => onChange({ note: e.target.value })}
            error={err('note')}
          />
        </FormGrid>
      </Card>

      <Card title="Categories">
        {categories.length === 0 ? (
          <p className={styles.muted}>No categories yet.</p>
        ) : (
          <div className={styles.categories}>
            {categories.map((c) => (
              <Fieldset key={c.id} legend={c.category}>
                {c.subcategories.map((s) => (
                  <Checkbox
                    key={s.id}
                    label={s.subcategory}
                    checked={p.subcategoryIds.includes(s.id)}
                    onCheckedChange={(on) => toggleSub(s.id, on)}
                  />
                ))}
              </Fieldset>
            ))}
          </div>
        )}
      </Card>

      <Card title="Tags">
        <TagInput
          label="Tags"
          value={p.tags}
          options={tagOptions}
          onCreate={(label) => ({ key: `new:${label}`, label })}
          onChange={(tags) => onChange({ tags })}
          text={p.tagText ?? ''}
          onTextChange={(tagText) => onChange({ tagText })}
          placeholder="Type tags, separated by commas"
          hint="Existing tags are matched whatever the case; new ones are created when the product is sent."
          error={err('tags')}
        />
      </Card>

      <Card
        title="Descriptions"
        actions={
          <Button
            size="sm"
            icon={<Plus />}
            onClick={() =>
              onChange({
                descriptions: [
                  ...p.descriptions,
                  { key: `${p.uid}-d${Date.now()}`, title: DEFAULT_DESCRIPTION_TITLE, notes: '' },
                ],
              })
            }
          >
            Add description
          </Button>
        }
      >
        {p.descriptions.length === 0 && (
          <p className={styles.muted}>No descriptions. A description is sent when it has a title and a text.</p>
        )}
        {p.descriptions.map((d, i) => (
          <div key={d.key} className={styles.block}>
            <Stack gap={3} className={styles.blockFields}>
              <TextField
                label="Title"
                value={d.title}
                onChange={(e) => setBlock(d.key, { title: e.target.value })}
                error={err(`block:${d.key}:title`)}
              />
              <TextArea
                label="Text"
                value={d.notes}
                rows={3}
                onChange={(e) => setBlock(d.key, { notes: e.target.value })}
                error={err(`block:${d.key}:notes`)}
              />
            </Stack>
            <IconButton
              label={`Remove description ${i + 1} of product ${number}`}
              icon={<Trash2 />}
              size="sm"
              onClick={() => onChange({ descriptions: p.descriptions.filter((x) => x.key !== d.key) })}
            />
          </div>
        ))}
      </Card>
    </div>
  );
}
