// The fields of one template, shared by Add templates and Edit template (document 2 §2.4, §2.5): the
// image (chosen here, or shown), name, public or private with the client chooser (only when private),
// notes, 'Ambient Type*' and 'Ambient Tags*'. Enter in the last two: useNameCreator.
import type { ReactNode } from 'react';
import type { CustomerRow } from '../../data/index.ts';
import { FormGrid } from '../../ui/Layout.tsx';
import { RadioGroup } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { templateRules } from '../../api/contract/rules/template.ts';
import type { NameChip, TypedNames } from './template-rules.ts';
import styles from './templates.module.css';

export interface TemplateFieldValues extends TypedNames {
  name: string;
  note: string;
  public: 0 | 1;
  clientId?: number;
  ambients: NameChip[];
  tags: NameChip[];
}

interface Props {
  value: TemplateFieldValues;
  onChange: (patch: Partial<TemplateFieldValues>) => void;
  customers: readonly CustomerRow[];
  ambientOptions: readonly NameChip[];
  tagOptions: readonly NameChip[];
  createAmbient: (label: string) => NameChip;
  createTag: (label: string) => NameChip;
  /** The image part: a FileDrop (add) or the picture (edit). */
  image: ReactNode;
  /** The contract's words for name and note, the form's for ambients. */
  errors?: { name?: string; note?: string; ambients?: string };
}

const VISIBILITY = [
  { value: '0', label: 'Private', description: 'Only the chosen client sees it.' },
  { value: '1', label: 'Public', description: 'Every client sees it.' },
] as const;

export function TemplateFields({
  value,
  onChange,
  customers,
  ambientOptions,
  tagOptions,
  createAmbient,
  createTag,
  image,
  errors,
}: Props) {
  return (
    <div className={styles.fields}>
      <div className={styles.imageColumn}>{image}</div>
      <FormGrid>
        <TextField
          label="Name"
          required
          value={value.name}
          error={errors?.name}
          onChange={(e) => onChange({ name: e.target.value })}
          className={styles.full}
        />
        <RadioGroup
          label="Visibility"
          orientation="horizontal"
          value={String(value.public) as '0' | '1'}
          options={VISIBILITY}
          onValueChange={(v) => onChange({ public: v === '1' ? 1 : 0 })}
        />
        {value.public === 0 ? (
          <Select
            label="Client"
            value={value.clientId ?? 0}
            options={customers.map((c) => ({ value: c.id, label: c.company }))}
            onValueChange={(id) => onChange({ clientId: id })}
          />
        ) : (
          <span aria-hidden="true" />
        )}
        <TextArea
          label="Notes"
          value={value.note}
          limit={templateRules.note.max}
          rows={3}
          error={errors?.note}
          onChange={(e) => onChange({ note: e.target.value })}
          className={styles.full}
        />
        <TagInput
          label="Ambient Type*"
          noun="ambient"
          value={value.ambients}
          options={ambientOptions}
          autoPickFirst
          onCreate={createAmbient}
          onChange={(ambients) => onChange({ ambients })}
          text={value.ambientText ?? ''}
          onTextChange={(ambientText) => onChange({ ambientText })}
          placeholder="Type an ambient, then Enter"
          hint="Enter picks the first matching ambient, or creates a new one."
          error={errors?.ambients}
          className={styles.full}
        />
        <TagInput
          label="Ambient Tags*"
          value={value.tags}
          options={tagOptions}
          autoPickFirst
          onCreate={createTag}
          onChange={(tags) => onChange({ tags })}
          text={value.tagText ?? ''}
          onTextChange={(tagText) => onChange({ tagText })}
          placeholder="Type a tag, then Enter"
          className={styles.full}
        />
      </FormGrid>
    </div>
  );
}
