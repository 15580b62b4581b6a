// Fix (issue 26): a product the server refused (Add Products' create, an Info edit), opened with the
// values and files as they were queued and the server's errors on their fields. The contract's rules
// judge the correction as the user types; Send again puts it into the queued step, which goes again
// as the same action with the files and tags that waited for it.
import { useState } from 'react';
import { fixRefusedProductStep, useRefusedProductStep, type RefusedProductStep } from '../../data/catalog/index.ts';
import { productFieldErrors, productRules, type ProductFields } from '../../api/contract/rules/product.ts';
import { UNIT_OPTIONS } from './product-rules.ts';
import { useUserAction } from '../../app/user-action.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormGrid } from '../../ui/Layout.tsx';
import { notify } from '../../ui/notify.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import styles from './products.module.css';

type Values = Partial<ProductFields>;
type TextKey = 'name' | 'sku' | 'collection' | 'finish' | 'height' | 'width' | 'depth';
const LABELS: Record<TextKey, string> = {
  name: 'Name',
  sku: 'SKU',
  collection: 'Collection',
  finish: 'Finish',
  height: 'Height',
  width: 'Width',
  depth: 'Depth',
};

export function FixProductDialog({ entryId, onClose }: { entryId: number; onClose: () => void }) {
  const step = useRefusedProductStep(entryId);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Fix this product"
      size="lg"
      description="The server refused it. Correct the values below and send it again; its files are sent with it."
    >
      {step ? (
        <FixForm key={step.entryId} step={step} onClose={onClose} />
      ) : (
        <p className={styles.muted}>This change is no longer waiting for a fix.</p>
      )}
    </Dialog>
  );
}

function FixForm({ step, onClose }: { step: RefusedProductStep; onClose: () => void }) {
  const [values, setValues] = useState<Values>(step.values);
  const [touched, setTouched] = useState(new Set<string>());
  const action = useUserAction();
  const own = productFieldErrors(values);
  // The server's words stay on a field until the user changes it; then the contract's rules speak.
  const errorOf = (k: keyof ProductFields) => own[k]?.[0] ?? (touched.has(k) ? undefined : step.errors[k]?.[0]);
  const set = (k: keyof ProductFields, v: string | number) => {
    setValues((x) => ({ ...x, [k]: v }));
    setTouched((t) => new Set(t).add(k));
  };
  const send = () =>
    void action.run(
      async () => {
        await fixRefusedProductStep(step.entryId, values);
        notify.info('Sending again', 'The corrected product is on its way to the server.');
        onClose();
      },
      { input: values, onError: (e) => notify.error('Not sent', (e as Error).message) },
    );
  const text = (k: TextKey) => (
    <TextField label={LABELS[k]} value={String(values[k] ?? '')} error={errorOf(k)} onChange={(e) => set(k, e.target.value)} />
  );
  const unmatched = Object.keys(step.errors).filter((k) => !(k in productRules));
  return (
    <form className={styles.form} noValidate aria-label="Fix the refused product" onSubmit={(e) => (e.preventDefault(), send())}>
      <Callout tone="danger" role="alert">
        {step.message}
      </Callout>
      {unmatched.map((k) => (
        <Callout key={k} tone="danger">
          {step.errors[k]![0]}
        </Callout>
      ))}
      <FormGrid>
        {text('name')}
        {text('sku')}
        {text('collection')}
        {text('finish')}
      </FormGrid>
      <FormGrid columns={4}>
        {text('height')}
        {text('width')}
        {text('depth')}
        <Select
          label="Unit"
          value={String(values.measure ?? '')}
          options={UNIT_OPTIONS}
          error={errorOf('measure')}
          onValueChange={(v) => set('measure', v)}
        />
      </FormGrid>
      <TextArea
        label="Note"
        rows={2}
        limit={productRules.note.max}
        value={String(values.note ?? '')}
        error={errorOf('note')}
        onChange={(e) => set('note', e.target.value)}
      />
      {/* Automation can be turned off here (a refusal may be about it), not on. */}
      <Switch
        label="Automation"
        checked={values.automation_system === 1}
        disabled={step.values.automation_system !== 1}
        onCheckedChange={(on) => set('automation_system', on ? 1 : 0)}
      />
      {step.files.length > 0 && (
        <p className={styles.muted} data-testid="fix-files">
          Sent with it: {step.files.join(', ')}
        </p>
      )}
      <div className={styles.fixButtons}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={action.running} disabled={Object.keys(own).length > 0}>
          Send again
        </Button>
      </div>
    </form>
  );
}
