// The Info section (document 2 §2.7, §4, §8): view mode, Edit -> edit mode -> Save, Delete.
// Save checks the dimension rule, then hands the changes to the data layer, which queues the
// calls in the order of §4 and sends them when online; server errors come back through the
// outbox (OutboxAlerts). Delete asks first, then 'Success / Product deleted', then /catalog.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEditGuard } from '../../app/edit-guard.ts';
import { deleteProduct, saveProductInfo, type DescriptionRow, type ProductFileRow, type ProductRow } from '../../data/index.ts';
import { AlertPopup, type AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { InfoForm } from './InfoForm.tsx';
import { InfoView } from './InfoView.tsx';
import { OutboxAlerts } from './OutboxAlerts.tsx';
import { diffInfo, DIMENSIONS_RULE, draftOf, isEmptyChange, missingDimensions, type Draft } from './product-rules.ts';

interface Props {
  product: ProductRow;
  blocks: DescriptionRow[];
  files: ProductFileRow[];
  customerId: number;
  canEdit: boolean;
  mayAutomate: boolean;
  onDeleting: () => void;
}

type Alert = Omit<AlertPopupProps, 'open'> | null;

export function InfoSection({ product, blocks, files, customerId, canEdit, mayAutomate, onDeleting }: Props) {
  const navigate = useNavigate();
  const [edit, setEdit] = useState<{ base: Draft; draft: Draft } | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  const dirty = !!edit && !isEmptyChange(diffInfo(edit.base, edit.draft));
  useEditGuard(dirty);
  const close = () => setAlert(null);

  const startEdit = () => {
    const base = draftOf(product, blocks, files.map((f) => f.path));
    setEdit({ base, draft: base });
  };

  const save = async () => {
    if (!edit) return;
    if (missingDimensions(edit.draft)) return setAlert({ title: 'Error', message: DIMENSIONS_RULE, onConfirm: close });
    const change = diffInfo(edit.base, edit.draft);
    if (isEmptyChange(change)) return setEdit(null);
    setAlert({ title: 'Saving', progress: 'Saving...' });
    try {
      await saveProductInfo(customerId, product.id, change);
      setAlert(null);
      setEdit(null);
    } catch (err) {
      setAlert({ title: 'Error', message: (err as Error).message, onConfirm: close });
    }
  };

  const remove = async () => {
    setAlert({ title: 'Delete Product', progress: 'Deleting...' });
    try {
      onDeleting();
      await deleteProduct(customerId, product.id);
      setAlert({ title: 'Success', message: 'Product deleted', onConfirm: () => navigate('/catalog') });
    } catch (err) {
      setAlert({ title: 'Error', message: `Error deleting product: ${(err as Error).message}`, onConfirm: close });
    }
  };
  const askDelete = () =>
    setAlert({
      title: 'Delete Product', message: 'Are you sure you want to delete this product?', danger: true,
      confirmLabel: 'Delete', onConfirm: () => void remove(), onCancel: close,
    });

  return (
    <section className="info-section" aria-labelledby="info-heading">
      <div className="info-actions">
        <h2 id="info-heading">Info</h2>
        {canEdit && !edit && (
          <>
            <button type="button" className="button danger" onClick={askDelete}>
              Delete Product
            </button>
            <button type="button" className="button primary" onClick={startEdit}>
              Edit
            </button>
          </>
        )}
        {edit && (
          <>
            <button type="button" className="button secondary" onClick={() => setEdit(null)}>
              Cancel
            </button>
            <button type="button" className="button primary" onClick={() => void save()}>
              Save
            </button>
          </>
        )}
      </div>
      {edit ? (
        <InfoForm product={product} customerId={customerId} draft={edit.draft} mayAutomate={mayAutomate} onChange={(draft) => setEdit({ ...edit, draft })} />
      ) : (
        <InfoView product={product} blocks={blocks} files={files} />
      )}
      <AlertPopup {...(alert ?? { title: '' })} open={alert !== null} />
      <OutboxAlerts productId={product.id} />
    </section>
  );
}
