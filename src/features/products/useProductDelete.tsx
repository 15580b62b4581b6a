// Delete Product (document 2 §4): the confirmation, 'Deleting...', then the 'Success / Product deleted'
// popup whose OK goes to /catalog. Undo lives in that popup (issue 43): a toast behind it ran its 10 s
// out while the popup was read; the popup's Undo counts its 10 s from when it shows. Undone, the popup
// closes on the product, back (the restore is queued like any write).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { undoOnce } from '../../app/offer-undo.ts';
import { useUserAction } from '../../app/user-action.ts';
import { deleteProduct, undoDelete, type DescriptionRow, type ProductFileRow, type ProductRow } from '../../data/index.ts';
import type { AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { UndoButton } from '../../ui/UndoButton.tsx';
import { productWords } from '../../api/contract/rules/product.ts';
import styles from './products.module.css';

type Alert = Omit<AlertPopupProps, 'open'> | null;

interface Options {
  product: ProductRow;
  blocks: DescriptionRow[];
  files: ProductFileRow[];
  customerId: number;
  setAlert: (a: Alert) => void;
  onDeleting: () => void;
  onRestored: () => void;
}

export function useProductDelete({ product, blocks, files, customerId, setAlert, onDeleting, onRestored }: Options) {
  const navigate = useNavigate();
  const deleting = useUserAction();
  // The undo, with the success popup it belongs to (its button shows in that popup only).
  const [undo, setUndo] = useState<{ run: () => Promise<void>; running: boolean; popup: Alert } | null>(null);
  const close = () => setAlert(null);

  const remove = () =>
    void deleting.run(
      async (a) => {
        setAlert({ title: 'Delete Product', progress: 'Deleting...' });
        onDeleting();
        // What Undo puts back, as the screen shows it now (the rows leave the device with the delete).
        const copy = { row: product, descriptions: blocks, files };
        await deleteProduct(customerId, product.id, a.id);
        // A restore made offline waits in the outbox; a discarded delete has nothing left to send.
        const run = undoOnce(
          {
            message: productWords.deleted,
            done: [productWords.restored],
            failed: 'The product could not be restored',
            queued: (how) => how === 'restored',
          },
          (undoId) => undoDelete(customerId, copy, a.id, undoId),
        );
        const popup = { title: 'Success', message: productWords.deleted, onConfirm: () => navigate('/catalog') };
        setUndo({ run, running: false, popup });
        setAlert(popup);
      },
      {
        onError: (err) =>
          setAlert({ title: 'Error', message: `Error deleting product: ${(err as Error).message}`, onConfirm: close }),
      },
    );

  const restore = async () => {
    if (!undo || undo.running) return;
    setUndo({ ...undo, running: true });
    await undo.run();
    setUndo(null);
    close();
    deleting.reset(); // the product is back: deleting it again is a new action
    onRestored();
  };

  const named = [product.sku, product.name].filter(Boolean).join(' · ') || `Product ${product.id}`;
  const ask = () =>
    setAlert({
      title: 'Delete Product',
      message: (
        <>
          <p>Are you sure you want to delete this product?</p>
          <p className={styles.muted}>{named} will be removed from the catalogue, with its images and files.</p>
        </>
      ),
      danger: true,
      confirmLabel: 'Delete',
      onConfirm: remove,
      onCancel: close,
    });

  /** The Undo of the popup shown, if it is the delete's success. */
  const undoIn = (shown: Alert) =>
    undo && shown === undo.popup ? <UndoButton onUndo={() => void restore()} loading={undo.running} /> : undefined;
  return { ask, undoIn };
}
