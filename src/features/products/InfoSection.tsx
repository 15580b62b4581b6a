// The Info section (document 2 §2.7, §4, §8): view mode, Edit -> edit mode -> Save, Delete.
// Save first checks the fields (errors at each field; the dimension rule also as the §5 popup), then
// hands the changes to the data layer, which queues the calls in the order of §4 and sends them when
// online; a toast says whether they reached the server or wait on this device, and why. Server errors
// come back through the outbox (OutboxAlerts). Delete: useProductDelete (its popup offers Undo).
import { useEffect, useMemo, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useKeptForm } from '../../app/kept-form.tsx';
import { useSession } from '../../app/session.tsx';
import { leavesTab } from '../../app/unsaved-guard.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useWriteFeedback } from '../../app/write-feedback.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import { fileNameOf, saveProductInfo, type DescriptionRow, type ProductFileRow, type ProductRow } from '../../data/index.ts';
import { AlertPopup, type AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { ChangedByNotice } from './ChangedBy.tsx';
import { InfoForm } from './InfoForm.tsx';
import { InfoView } from './InfoView.tsx';
import { OutboxAlerts } from './OutboxAlerts.tsx';
import { dimensionsWords, missingDimensions } from '../../api/contract/rules/product.ts';
import { diffInfo, draftOf, hasErrors, infoErrors, isEmptyChange, type Draft, type InfoErrors } from './product-rules.ts';
import { useProductDelete } from './useProductDelete.tsx';
import styles from './products.module.css';

interface Props {
  product: ProductRow;
  blocks: DescriptionRow[];
  files: ProductFileRow[];
  customerId: number;
  canEdit: boolean;
  mayAutomate: boolean;
  onDeleting: () => void;
  /** Undo brought the product back. */
  onRestored: () => void;
}

type Alert = Omit<AlertPopupProps, 'open'> | null;
/** `from`: the product's updated_at when the edit started, the version the save is based on (issue 43). */
type Edit = { base: Draft; draft: Draft; errors: InfoErrors; tried: boolean; tagText: string; from?: string };
/** What a reload keeps of the edit: the record it started from, the fields, the tag typed but not added. */
type Kept = Pick<Edit, 'base' | 'draft' | 'tagText' | 'from'> | null;
/** Another page, or another section of the product (which closes Info). */
const leavesInfo = leavesTab('section');

export function InfoSection({ product, blocks, files, customerId, canEdit, mayAutomate, onDeleting, onRestored }: Props) {
  const { user } = useSession();
  const [edit, setEdit] = useState<Edit | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const feedback = useWriteFeedback();
  // Edit starts a save (reset); Save clicked twice on the same changes joins it. Delete is its own action.
  const saving = useUserAction();
  const del = useProductDelete({ product, blocks, files, customerId, setAlert, onDeleting, onRestored });
  // After a refused Save, the first field in error takes the focus (once it shows as invalid).
  useEffect(() => {
    if (focusInvalid) document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [focusInvalid]);
  const dirty = !!edit && (!isEmptyChange(diffInfo(edit.base, edit.draft)) || edit.tagText.trim() !== '');
  const fileNames = Object.fromEntries(files.map((f) => [f.path, fileNameOf(f)]));
  // Edit mode survives a reload (issue 43): kept per user, company and product while it holds changes.
  const kept = useMemo<Kept>(
    () => edit && { base: edit.base, draft: edit.draft, tagText: edit.tagText, from: edit.from },
    [edit],
  );
  const form = useKeptForm(canEdit ? formDraftKey(user.id, customerId, 'product-info', product.id) : null, kept, {
    dirty,
    restore: (k) =>
      k && setEdit({ ...k, tagText: k.tagText ?? '', errors: infoErrors(k.draft, { presence: false }), tried: false }),
    reset: () => setEdit(null),
    leaves: leavesInfo,
  });
  const close = () => setAlert(null);

  const startEdit = () => {
    const base = draftOf(
      product,
      blocks,
      files.map((f) => f.path),
    );
    saving.reset();
    setEdit({ base, draft: base, errors: {}, tried: false, tagText: '', from: product.updated_at });
  };
  // Each field's limits show as the user types; the rules on what is missing, once Save was pressed.
  // Functional updates: a typed comma commits tags and changes the typed text in one event.
  const change = (draft: Draft) => setEdit((e) => e && { ...e, draft, errors: infoErrors(draft, { presence: e.tried }) });

  const save = () => {
    if (!edit) return;
    const errors = infoErrors(edit.draft);
    setEdit({ ...edit, errors, tried: true });
    if (missingDimensions(edit.draft).length)
      return setAlert({ title: 'Error', message: dimensionsWords.info, onConfirm: close });
    if (hasErrors(errors)) return setFocusInvalid((n) => n + 1);
    const diff = diffInfo(edit.base, edit.draft);
    if (isEmptyChange(diff)) {
      form.saved();
      return setEdit(null);
    }
    void saving.run(
      async (a) => {
        const since = Date.now();
        setAlert({ title: 'Saving', progress: 'Saving...' });
        // Based on what the user saw: a colleague's change that a live update brought in meanwhile meets a 409.
        const from = edit.from === undefined ? undefined : { updated_at: edit.from, fields: edit.base };
        await saveProductInfo(customerId, product.id, diff, a.id, from);
        form.saved();
        setAlert(null);
        setEdit(null);
        feedback(since);
      },
      { input: diff, onError: (err) => setAlert({ title: 'Error', message: (err as Error).message, onConfirm: close }) },
    );
  };

  return (
    <section className={cx(styles.info, edit && styles.editing)} aria-labelledby="info-heading">
      <div className={styles.infoBar}>
        <h2 id="info-heading">Info</h2>
        {canEdit && !edit && (
          <>
            <Button variant="ghost" icon={<Trash2 />} className={styles.deleteButton} onClick={del.ask}>
              Delete Product
            </Button>
            <Button variant="primary" icon={<Pencil />} onClick={startEdit}>
              Edit
            </Button>
          </>
        )}
        {edit && (
          <>
            <Button onClick={form.cancel}>Cancel</Button>
            <Button variant="primary" loading={saving.running} onClick={save}>
              Save
            </Button>
          </>
        )}
      </div>
      {edit && form.notice}
      {edit && <ChangedByNotice productId={product.id} updatedAt={product.updated_at} onTheirs={startEdit} />}
      {edit ? (
        <InfoForm
          product={product}
          customerId={customerId}
          draft={edit.draft}
          errors={edit.errors}
          mayAutomate={mayAutomate}
          fileNames={fileNames}
          onChange={change}
          tagText={edit.tagText}
          onTagText={(tagText) => setEdit((e) => e && { ...e, tagText })}
        />
      ) : (
        <InfoView product={product} blocks={blocks} files={files} />
      )}
      <AlertPopup {...(alert ?? { title: '' })} open={alert !== null} extra={del.undoIn(alert)} />
      <OutboxAlerts productId={product.id} />
    </section>
  );
}
