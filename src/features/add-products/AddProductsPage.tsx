// /product/add (document 2 §2.6, §4, §5, §8): the batch of products on the left (add, trash, SEND,
// Import CSV), the chosen product's sections on the right, the tutorial once. The form is kept on
// this device as it is typed (fields and chosen files survive a reload). SEND: useProductSend.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { CircleAlert, PlayCircle, Trash2 } from 'lucide-react';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { useProductCategories, useTags } from '../../data/index.ts';
import { useStoredDraft, type BatchValue } from '../../data/catalog/index.ts';
import { useProductsAllowed } from '../../data/catalog/index.ts';
import { useTutorial } from '../../data/people/index.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Img } from '../../ui/Img.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { notify } from '../../ui/notify.tsx';
import { plural } from '../../ui/format.ts';
import { BatchPanel } from '../batch/BatchPanel.tsx';
import { newUid, useObjectUrls } from '../batch/object-url.ts';
import batch from '../batch/batch.module.css';
import { CsvImport } from './CsvImport.tsx';
import { ProductEditor } from './ProductEditor.tsx';
import {
  fieldProblems,
  isBlankProduct,
  labelOf,
  newProduct,
  onlyOneProduct,
  type Problem,
  type ProductItem,
} from './product-form-rules.ts';
import { useRegisteredAgain } from './register-again.ts';
import { TutorialDialog } from './TutorialDialog.tsx';
import { useProductSend } from './useProductSend.tsx';

const SLUGS = ['register-products', 'send-products-for-automation'] as const;

export default function AddProductsPage() {
  const { customerId } = useSession();
  const cid = customerId ?? 0;
  const { access, ready: accessReady } = useAccess(SLUGS);
  const mayAutomate = !!access['send-products-for-automation'];
  const allowed = useProductsAllowed(customerId);
  const single = onlyOneProduct(allowed);
  const draftKey = `add-products:${cid}`;
  const draft = useStoredDraft<BatchValue<ProductItem>>(draftKey, () => ({ items: [] }));
  const items = useMemo(() => draft.value?.items ?? [], [draft.value]);
  const tags = useTags(cid);
  const categories = useProductCategories();
  const tagOptions = useMemo(() => (tags ?? []).map((t) => ({ key: t.id, label: t.name })), [tags]);
  const [current, setCurrent] = useState<string>();
  const [removing, setRemoving] = useState<ProductItem | null>(null);
  // Focus or a change in the batch or the editor: the user has started, so a late tutorial answer waits behind its button.
  const started = useRef(false);
  const markStarted = () => void (started.current = true);
  const { tutorial, asked, markWatched } = useTutorial(
    'register-products',
    useCallback(() => !started.current, []),
  );
  const [tutorialOpen, setTutorialOpen] = useState<boolean>();
  const sender = useProductSend({ cid, draftKey, draft, items, mayAutomate, select: setCurrent });

  const loaded = draft.value !== undefined;
  useEffect(() => {
    if (loaded && !items.length) draft.set({ items: [newProduct(newUid())] });
  }, [loaded, items.length, draft]);
  // After the blank product's effect: a product handed over by Register it again replaces it.
  useRegisteredAgain(loaded, draft.set, setCurrent, newUid);
  const selected = items.find((p) => p.uid === current) ?? items[0];
  const index = selected ? items.indexOf(selected) : -1;
  const thumbs = useObjectUrls(items.map((p) => (p.imageIds[0] === undefined ? undefined : draft.files.get(p.imageIds[0]))));

  if (accessReady && !access['register-products']) return <Navigate to="/dashboard" replace />;

  const patch = (uid: string, p: Partial<ProductItem>) => {
    draft.set((v) => ({ ...v, items: v.items.map((x) => (x.uid === uid ? { ...x, ...p } : x)) }));
    sender.clearFlag(uid);
  };
  // The picker has checked them by the contract's upload rules and named each refused one.
  const addFiles = async (p: ProductItem, kind: 'imageIds' | 'fileIds', ok: File[]) => {
    if (!ok.length) return;
    const ids = await draft.addFiles(ok);
    draft.set((v) => ({ ...v, items: v.items.map((x) => (x.uid === p.uid ? { ...x, [kind]: [...x[kind], ...ids] } : x)) }));
    sender.clearFlag(p.uid);
  };
  const removeFile = (p: ProductItem, kind: 'imageIds' | 'fileIds', id: number) => {
    draft.dropFiles([id]);
    patch(p.uid, { [kind]: p[kind].filter((x) => x !== id) });
  };
  const add = () => {
    const p = newProduct(newUid());
    draft.set((v) => ({ ...v, items: [...v.items, p] }));
    setCurrent(p.uid);
  };
  const remove = (p: ProductItem) => {
    setRemoving(null);
    draft.dropFiles([...p.imageIds, ...p.fileIds]);
    draft.set((v) => ({ ...v, items: v.items.filter((x) => x.uid !== p.uid) }));
  };
  // The blank first product is replaced by the file's rows.
  const importRows = (rows: ProductItem[]) => {
    const blank = items.length === 1 && isBlankProduct(items[0]!);
    draft.set((v) => ({ ...v, items: [...(blank ? [] : v.items), ...rows] }));
    setCurrent(rows[0]?.uid);
    notify.info(`${plural(rows.length, 'product')} added from the CSV file`, 'Add their images, then SEND.');
  };

  const showTutorial = tutorialOpen ?? tutorial?.opensByItself ?? false;
  // SEND's §5 problems, and each field's own rules as the user types.
  const problemsOf = (p: ProductItem): Problem[] => {
    const flagged = sender.flags.get(p.uid) ?? [];
    return [...flagged, ...fieldProblems(p).filter((x) => !flagged.some((f) => f.field === x.field))];
  };
  const entries = items.map((p, i) => ({
    id: p.uid,
    title: p.name.trim() || p.sku.trim() || `Product ${i + 1}`,
    subtitle: [
      p.name.trim() && p.sku.trim(),
      plural(p.imageIds.length, 'image'),
      p.fileIds.length > 0 && plural(p.fileIds.length, 'file'),
    ]
      .filter(Boolean)
      .join(' · '),
    media: <Img src={thumbs[i]} alt="" placeholder={{ name: labelOf(p) || 'Product' }} fit="cover" />,
    invalid: problemsOf(p).length > 0,
    status: problemsOf(p).length ? <CircleAlert aria-label="Needs attention" /> : undefined,
    actions: <IconButton label={`Remove product ${i + 1}`} icon={<Trash2 />} size="sm" onClick={() => setRemoving(p)} />,
  }));
  return (
    // data-tutorial: whether the tutorial's answer has come (and so whether it may still open by itself).
    <Page data-tutorial={asked ? 'answered' : 'asking'}>
      <PageHeader
        title="Add Products"
        description="Register products with their images and files, then send them all at once. The form is kept on this device until it is sent."
        actions={
          tutorial && (
            <Button variant="ghost" icon={<PlayCircle />} onClick={() => setTutorialOpen(true)}>
              Watch the tutorial
            </Button>
          )
        }
      />
      {!loaded || !selected || !categories ? (
        <div className={batch.layout}>
          <LoadingLabel />
          <Skeleton height={320} />
          <Skeleton height={640} />
        </div>
      ) : (
        <div className={batch.layout} onFocusCapture={markStarted} onInputCapture={markStarted}>
          <BatchPanel
            noun="product"
            items={entries}
            current={selected.uid}
            onSelect={setCurrent}
            onAdd={single ? undefined : add}
            onSend={() => void sender.send()}
            sending={sender.sending}
            extra={
              !single && (
                <CsvImport
                  context={{ categories, tags: tags ?? [], mayAutomate, offset: items.length, uid: newUid }}
                  onImport={(rows) => importRows(rows.map((r) => r.item))}
                />
              )
            }
          />
          <div className={batch.editor}>
            <ProductEditor
              key={selected.uid}
              customerId={cid}
              product={selected}
              number={index + 1}
              onChange={(p) => patch(selected.uid, p)}
              files={draft.files}
              tagOptions={tagOptions}
              categories={categories}
              mayAutomate={mayAutomate}
              problems={problemsOf(selected)}
              onAddImages={(ok) => void addFiles(selected, 'imageIds', ok)}
              onAddFiles={(ok) => void addFiles(selected, 'fileIds', ok)}
              onRemoveFile={(kind, id) => removeFile(selected, kind, id)}
            />
          </div>
        </div>
      )}
      <AlertDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove product"
        description="Are you sure you want to remove this product?"
        confirmLabel="Remove product"
        onConfirm={() => removing && remove(removing)}
      >
        {removing && (
          <p>
            {labelOf(removing) ? `“${labelOf(removing)}”` : 'This product'} and its chosen images and files will be removed from
            the batch.
          </p>
        )}
      </AlertDialog>
      <AlertPopup {...(sender.alert ?? { title: '' })} open={sender.alert !== null} />
      {tutorial && (
        <TutorialDialog
          url={tutorial.url}
          open={showTutorial}
          onClose={() => {
            setTutorialOpen(false);
            if (!tutorial.watched) markWatched();
          }}
        />
      )}
    </Page>
  );
}
