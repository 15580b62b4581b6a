// SEND of the product batch (document 2 §4, §5, §8): the checks first (the failing products flagged,
// the first message in the 'Error' popup); then each product is queued with its parts and taken out
// of the stored form in one step; then each one is followed to its end. All through: 'Products sent
// successfully' and /catalog. Some refused: 'Products sent successfully, but N products could not be
// sent', with each 'Error creating product {sku or name} {message}'. Offline: they wait on this device.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUserAction } from '../../app/user-action.ts';
import type { BatchValue, StoredDraft } from '../../data/catalog/index.ts';
import { waitForOutcomes } from '../../data/outbox/index.ts';
import { queueProductBatch } from '../../data/catalog/index.ts';
import type { AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { notify } from '../../ui/notify.tsx';
import { batchProblems, toProductDraft, type Problem, type ProductItem } from './product-form-rules.ts';

type Alert = Omit<AlertPopupProps, 'open'> | null;

export const SENT = 'Products sent successfully';
export const partlySent = (n: number) => `Products sent successfully, but ${n} products could not be sent`;
/** What really reached the server, beside the spec's words: "0 of 1 products sent". */
const sentCount = (sent: number, total: number) => `${sent} of ${total} products sent`;

interface Options {
  cid: number;
  draftKey: string;
  draft: StoredDraft<BatchValue<ProductItem>>;
  items: readonly ProductItem[];
  mayAutomate: boolean;
  select: (uid: string) => void;
}

export function useProductSend({ cid, draftKey, draft, items, mayAutomate, select }: Options) {
  const navigate = useNavigate();
  const [flags, setFlags] = useState<Map<string, Problem[]>>(new Map());
  const [alert, setAlert] = useState<Alert>(null);
  // The batch is one user action (each product a part of it): SEND clicked twice sends it once.
  const action = useUserAction();
  const close = () => setAlert(null);
  const clearFlag = useCallback(
    (uid: string) => setFlags((f) => (f.has(uid) ? new Map([...f].filter(([k]) => k !== uid)) : f)),
    [],
  );

  const send = () => {
    const problems = batchProblems(items);
    setFlags(problems.items);
    if (problems.batch) return setAlert({ title: 'Error', message: problems.batch, onConfirm: close });
    const first = items.find((p) => problems.items.has(p.uid));
    if (first) {
      select(first.uid);
      return setAlert({ title: 'Error', message: problems.items.get(first.uid)![0]!.message, onConfirm: close });
    }
    void action.run(
      async (a) => {
        await draft.flush();
        const queued = await queueProductBatch(
          cid,
          draftKey,
          items.map((p) => ({
            uid: p.uid,
            draft: toProductDraft(p, draft.files, mayAutomate),
            fileIds: [...p.imageIds, ...p.fileIds],
          })),
          a.id,
        );
        await draft.reload();
        let done = 0;
        const progress = () =>
          setAlert({ title: 'Sending products', progress: `Sending products... ${done} of ${queued.length}` });
        progress();
        const outcomes = await waitForOutcomes(
          queued.map((q) => q.entries),
          () => (done++, progress()),
        );
        const failed = outcomes.flatMap((o) => (o.state === 'failed' ? [o.message] : []));
        if (!failed.length) {
          setAlert(null);
          const kept = outcomes.find((o) => o.state === 'queued');
          if (kept) notify.kept(kept.why, kept.message);
          else notify.saved(SENT);
          return navigate('/catalog');
        }
        setAlert({
          title: 'Error',
          message: (
            <>
              <p>{partlySent(failed.length)}</p>
              <p data-testid="sent-count">{sentCount(outcomes.length - failed.length, outcomes.length)}</p>
              <ul>
                {failed.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
              <p>They wait in Pending changes, where Fix opens each one with the server’s words on its fields.</p>
            </>
          ),
          onConfirm: () => navigate('/catalog'),
        });
      },
      { onError: (err) => setAlert({ title: 'Error', message: (err as Error).message, onConfirm: close }) },
    );
  };
  return { send, sending: action.running, flags, clearFlag, alert };
}
