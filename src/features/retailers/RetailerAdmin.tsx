// Retailer admin, 'Manage Accounts' (document 1 §2, §4, §5, §8), provider staff only (the route).
// Reads the retailers from the data layer; saves and deletes wait for the server, because the
// popups report its answer ('Saved!', 'Error: …'); offline they say so and change nothing.
import { useEffect, useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { toFailure } from '../../api/client.ts';
import { failureText } from '../../api/failure-text.ts';
import { useKeptForm } from '../../app/kept-form.tsx';
import { useSession } from '../../app/session.tsx';
import { useUserAction } from '../../app/user-action.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import { refreshRetailers, removeRetailer, saveRetailer, useRetailers, useSyncStatus } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Page, PageHeader, Toolbar } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { SearchField } from '../../ui/TextField.tsx';
import { plural } from '../../ui/format.ts';
import { notify } from '../../ui/notify.tsx';
import { RetailerTable, type RowActions } from './RetailerTable.tsx';
import {
  errorText,
  filterRows,
  isUnsaved,
  newRow,
  POPUP,
  rowErrors,
  toBody,
  toForm,
  toggleEditing,
  type RetailerForm,
} from './retailer-rules.ts';
import styles from './retailers.module.css';

const OFFLINE_ID = 'retailers-offline';
/** The failure in words (no "Network Error"), with the fields' errors a create lists. */
const words = (err: unknown, what: string) => ({ message: failureText(err, what), errors: toFailure(err).errors });

interface Popup {
  title: string;
  progress?: string;
  message?: string;
  confirm?: () => void;
  cancel?: () => void;
  danger?: boolean;
}

export default function RetailerAdmin() {
  const saved = useRetailers();
  const { online } = useSyncStatus();
  const [added, setAdded] = useState<RetailerForm[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  /** Rows whose Save was pressed: their blank fields show as missing too. */
  const [tried, setTried] = useState<ReadonlySet<string>>(new Set());
  const [draft, setDraft] = useState<RetailerForm | null>(null);
  const [filter, setFilter] = useState('');
  const [popup, setPopup] = useState<Popup | null>(null);
  // A row's Save (its values) and a Delete are user actions: clicked twice, they are sent once.
  const saving = useUserAction();
  const deleting = useUserAction();

  useEffect(() => {
    if (online) refreshRetailers().catch((err: unknown) => console.error('retailer list failed', err)); // §8: logged
  }, [online]);

  // New rows and the row being edited survive a reload (issue 43) until saved, cancelled or discarded.
  const { user, customerId } = useSession();
  const kept = useMemo(() => ({ added, editing, draft }), [added, editing, draft]);
  const savedRow = draft && saved?.find((r) => r.id === draft.id);
  const keeping = useKeptForm(formDraftKey(user.id, customerId ?? 0, 'retailers'), kept, {
    dirty: added.length > 0 || (!!savedRow && JSON.stringify(toForm(savedRow)) !== JSON.stringify(draft)),
    restore: (k) => {
      setAdded(k.added);
      setEditing(k.editing);
      setDraft(k.draft);
    },
    reset: () => {
      setAdded([]);
      setEditing(null);
      setDraft(null);
    },
  });

  const rows = [...added, ...(saved ?? []).map((r) => (draft && draft.id === r.id && editing === draft.key ? draft : toForm(r)))];
  const shown = filterRows(rows, filter);
  const close = () => setPopup(null);

  const startEditing = (key: string) => {
    const next = toggleEditing(editing, key);
    setEditing(next);
    const row = rows.find((r) => r.key === next);
    setDraft(row && !isUnsaved(row) ? { ...row } : null);
  };
  const actions: RowActions = {
    offline: online ? undefined : { reasonId: OFFLINE_ID },
    editing,
    saving: saving.running,
    deleting: deleting.running,
    toggle: startEditing,
    change: (key, patch) => {
      if (draft?.key === key) setDraft({ ...draft, ...patch });
      else setAdded((xs) => xs.map((x) => (x.key === key ? { ...x, ...patch } : x)));
    },
    cancel: (row) => {
      // A new row has nothing to go back to: Cancel drops it, like Delete does.
      if (isUnsaved(row)) setAdded((xs) => xs.filter((x) => x.key !== row.key));
      setEditing(null);
      setDraft(null);
    },
    remove: (row) => {
      if (isUnsaved(row)) {
        setAdded((xs) => xs.filter((x) => x.key !== row.key)); // only removed locally (§4)
        setEditing(null);
        notify.info('New retailer removed', 'It had not been saved.');
        return;
      }
      setPopup({
        title: POPUP.delete,
        message: POPUP.confirmDelete,
        danger: true,
        cancel: close,
        confirm: () =>
          void deleting.run(
            async (a) => {
              setPopup({ title: POPUP.delete, progress: POPUP.deleting });
              await removeRetailer(row.id!, a.key());
              setEditing(null);
              setDraft(null);
              setPopup({ title: POPUP.delete, message: POPUP.deleted, confirm: close });
              notify.saved(`${row.retailer} deleted`);
            },
            {
              input: row.id,
              onError: (err) =>
                setPopup({ title: POPUP.delete, message: errorText(words(err, 'Deleting a retailer'), false), cancel: close }),
            },
          ),
      });
    },
    tried,
    save: (row) => {
      // The row shows its broken rules at their fields (the server's words): nothing is sent.
      setTried((t) => new Set(t).add(row.key));
      if (Object.keys(rowErrors(row, true)).length) return;
      const create = isUnsaved(row);
      const title = create ? POPUP.add : POPUP.edit;
      const body = toBody(row);
      void saving.run(
        async (a) => {
          setPopup({ title, progress: POPUP.saving });
          const out = await saveRetailer(body, row.id, a.key());
          if (create) setAdded((xs) => xs.filter((x) => x.key !== row.key));
          setEditing(null);
          setDraft(null);
          setPopup({ title, message: POPUP.saved, confirm: close });
          notify.saved(`${out.retailer} ${create ? 'added' : 'saved'}`);
        },
        {
          input: [row.key, body],
          onError: (err) => setPopup({ title, message: errorText(words(err, 'Saving a retailer'), create), cancel: close }),
        },
      );
    },
  };

  const add = () => {
    const row = newRow();
    setAdded((xs) => [row, ...xs]);
    setEditing(row.key);
    setDraft(null);
    setFilter((f) => f); // new rows always stay shown, whatever the filter
  };

  return (
    <Page className={styles.page}>
      {/* §2 titles the page 'Manage Accounts'; the menu calls it Retailer, so the heading says both. */}
      <PageHeader
        title="Manage Accounts — Retailers"
        description="The output formats of image downloads: size, file type and file names"
      />
      {keeping.notice}
      <Card
        title="All retailers"
        description={saved ? plural(saved.length, 'retailer') : undefined}
        flush
        actions={
          <Toolbar>
            <SearchField
              label="Filter retailers by name"
              hideLabel
              size="sm"
              placeholder="Filter by name"
              value={filter}
              onValueChange={setFilter}
              className={styles.search}
            />
            <Button variant="primary" size="sm" icon={<Plus aria-hidden="true" />} onClick={add}>
              Add Retailer
            </Button>
          </Toolbar>
        }
      >
        {saved === undefined ? (
          <div className={styles.loading} data-testid="retailers-loading">
            <LoadingLabel>Loading retailers…</LoadingLabel>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} shape="text" height={20} />
            ))}
          </div>
        ) : (
          <RetailerTable rows={shown} actions={actions} filtered={filter.trim() !== ''} />
        )}
      </Card>
      {!online && (
        <p id={OFFLINE_ID} className={styles.offline}>
          You are offline: the list is the one on this device, and changes need a connection.
        </p>
      )}
      <AlertPopup
        open={!!popup}
        title={popup?.title ?? ''}
        progress={popup?.progress}
        message={popup?.message && <span className={styles.popupText}>{popup.message}</span>}
        onConfirm={popup?.confirm}
        onCancel={popup?.cancel}
        confirmLabel={popup?.cancel ? 'Delete' : 'OK'}
        danger={popup?.danger}
      />
    </Page>
  );
}
