// The Info section (document 2 §2.7, §4, §8): view mode, Edit -> edit mode -> Save, Delete.
// Save first checks the fields (errors at each field; the dimension rule also as the §5 popup), then
// hands the changes to the data layer, which queues the calls in the order of §4 and sends them when
// online; a toast says whether they reached the server or wait on this device, and why. Server errors
// come back through the outbox (OutboxAlerts). Delete: useProductDelete (its popup offers Undo).
import { useEffect, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useEditGuard } from '../../app/edit-guard.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useWriteFeedback } from '../../app/write-feedback.ts';
import { fileNameOf, saveProductInfo, type DescriptionRow, type ProductFileRow, type ProductRow } from '../../data/index.ts';
import { AlertPopup, type AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
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

export function InfoSection({ product, blocks, files, customerId, canEdit, mayAutomate, onDeleting, onRestored }: Props) {
  const [edit, setEdit] = useState<{ base: Draft; draft: Draft; errors: InfoErrors; tried: boolean } | null>(null);
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
  const dirty = !!edit && !isEmptyChange(diffInfo(edit.base, edit.draft));
  const fileNames = Object.fromEntries(files.map((f) => [f.path, fileNameOf(f)]));
  useEditGuard(dirty);
  const close = () => setAlert(null);

  const startEdit = () => {
    const base = draftOf(
      product,
      blocks,
      files.map((f) => f.path),
    );
    saving.reset();
    setEdit({ base, draft: base, errors: {}, tried: false });
  };
  // Each field's limits show as the user types; the rules on what is missing, once Save was pressed.
  const change = (draft: Draft) => edit && setEdit({ ...edit, draft, errors: infoErrors(draft, { presence: edit.tried }) });

  const save = () => {
    if (!edit) return;
    const errors = infoErrors(edit.draft);
    setEdit({ ...edit, errors, tried: true });
    if (missingDimensions(edit.draft).length)
      return setAlert({ title: 'Error', message: dimensionsWords.info, onConfirm: close });
    if (hasErrors(errors)) return setFocusInvalid((n) => n + 1);
    const diff = diffInfo(edit.base, edit.draft);
    if (isEmptyChange(diff)) return setEdit(null);
    void saving.run(
      async (a) => {
        const since = Date.now();
        setAlert({ title: 'Saving', progress: 'Saving...' });
        await saveProductInfo(customerId, product.id, diff, a.id);
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
            <Button onClick={() => setEdit(null)}>Cancel</Button>
            <Button variant="primary" loading={saving.running} onClick={save}>
              Save
            </Button>
          </>
        )}
      </div>
      {edit ? (
        <InfoForm
          product={product}
          customerId={customerId}
          draft={edit.draft}
          errors={edit.errors}
          mayAutomate={mayAutomate}
          fileNames={fileNames}
          onChange={change}
        />
      ) : (
        <InfoView product={product} blocks={blocks} files={files} />
      )}
      <AlertPopup {...(alert ?? { title: '' })} open={alert !== null} extra={del.undoIn(alert)} />
      <OutboxAlerts productId={product.id} />
    </section>
  );
}
