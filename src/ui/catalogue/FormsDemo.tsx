import { useState } from 'react';
import { Mail } from 'lucide-react';
import { FormGrid } from '../Layout.tsx';
import { Select } from '../Select.tsx';
import { TagInput } from '../TagInput.tsx';
import { NumberField, SearchField, TextArea, TextField } from '../TextField.tsx';
import type { TagOption } from '../tag-input.ts';
import { Row, Section } from './Section.tsx';

const KNOWN: TagOption[] = ['walnut', 'oak', 'outdoor', 'kids', 'velvet', 'linen', 'brass'].map((label, key) => ({ key, label }));

export function FormsDemo() {
  const [name, setName] = useState('Oak Dining Chair');
  const [note, setNote] = useState('Solid oak, oiled.');
  const [height, setHeight] = useState('92');
  const [search, setSearch] = useState('');
  const [unit, setUnit] = useState('cm');
  const [tags, setTags] = useState<TagOption[]>([KNOWN[1]!]);
  return (
    <Section
      id="forms"
      title="Text fields, Select, TagInput"
      description="Labels above their fields; errors under the field they belong to."
    >
      <Row label="States" wide>
        <FormGrid columns={3}>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} hint="Shown on the product card." />
          <TextField label="Email" leading={<Mail />} placeholder="name@company.com" />
          <TextField label="SKU" value="" readOnly error="Enter a name or a SKU." />
          <TextField label="Collection" value="Nordic" disabled />
          <TextField label="Required" required placeholder="Required field" />
          <SearchField label="Search" value={search} onValueChange={setSearch} placeholder="Name or SKU" />
        </FormGrid>
      </Row>
      <Row label="Measures" wide>
        <FormGrid columns={4}>
          <NumberField label="Height" value={height} onChange={setHeight} unit={unit} min={0} />
          <NumberField label="Width" value="-5" onChange={() => undefined} unit={unit} error="The width cannot be negative." />
          <NumberField label="Depth" value="" onChange={() => undefined} unit={unit} disabled />
          <Select
            label="Unit"
            value={unit}
            onValueChange={setUnit}
            options={['in', 'ft', 'mm', 'cm', 'm'].map((u) => ({ value: u, label: u }))}
          />
        </FormGrid>
      </Row>
      <Row label="Select" wide>
        <FormGrid columns={3}>
          <Select
            label="Automation"
            value={0}
            onValueChange={() => undefined}
            options={[
              { value: 0, label: 'All' },
              { value: 1, label: 'Sended' },
              { value: 2, label: 'Not Sended' },
            ]}
          />
          <Select
            label="Visibility (error)"
            value="x"
            onValueChange={() => undefined}
            options={[{ value: 'x', label: 'Choose…' }]}
            error="Choose a visibility."
          />
          <Select
            label="Disabled"
            value="a"
            onValueChange={() => undefined}
            options={[{ value: 'a', label: 'Public & Private' }]}
            disabled
          />
        </FormGrid>
      </Row>
      <Row label="TextArea" wide>
        <FormGrid>
          <TextArea label="Note" value={note} maxLength={200} showCount onChange={(e) => setNote(e.target.value)} />
          <TextArea label="Description" value="" readOnly error="Describe what happened." />
        </FormGrid>
      </Row>
      <Row label="TagInput" wide>
        <FormGrid>
          <TagInput
            label="Tags"
            value={tags}
            options={KNOWN}
            onChange={setTags}
            onCreate={(label) => ({ key: `new:${label.toLowerCase()}`, label })}
            placeholder="Type, then Enter or a comma"
            hint="Enter picks a matching tag or creates a new one; commas separate tags."
          />
          <TagInput label="Tags (disabled)" value={tags} options={KNOWN} onChange={() => undefined} disabled />
        </FormGrid>
      </Row>
    </Section>
  );
}
