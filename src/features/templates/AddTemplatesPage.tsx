// /admin/template/add (document 2 §2.4, §4, §5, §8): a batch of templates on the left, the chosen one's
// fields on the right. The form is kept on this device as it is typed (a reload keeps fields and
// images). SEND checks every template ('Template X has no image', 'Template X has no ambients'),
// then queues each one (create, then ambients, then tags), follows them and ends with 'Templates
// sent successfully!' on /admin/catalog_template; offline they wait in the outbox.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CircleAlert, Trash2 } from 'lucide-react';
import { useSession } from '../../app/session.tsx';
import { useUserAction } from '../../app/user-action.ts';
import { useCustomers } from '../../data/index.ts';
import { useStoredDraft, type BatchValue } from '../../data/catalog/index.ts';
import { waitForOutcomes, type Outcome } from '../../data/outbox/index.ts';
import { queueTemplateBatch, type TemplateNameKind } from '../../data/catalog/index.ts';
import { AlertPopup, type AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { Card } from '../../ui/Card.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Img } from '../../ui/Img.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { notify } from '../../ui/notify.tsx';
import { BatchPanel } from '../batch/BatchPanel.tsx';
import { newUid, useObjectUrls } from '../batch/object-url.ts';
import batch from '../batch/batch.module.css';
import { TemplateFields, type TemplateFieldValues } from './TemplateFields.tsx';
import { TemplateImagePicker } from './TemplateImagePicker.tsx';
import {
  fieldErrors,
  newTemplate,
  SENT_TEMPLATES,
  templateProblems,
  toTemplateDraft,
  withClient,
  type TemplateItem,
  type TemplateProblem,
} from './template-rules.ts';
import { settleChip, useNameCreator } from './useNameCreator.tsx';

const DRAFT_KEY = 'add-templates';
const CATALOG = '/admin/catalog_template';
type Alert = Omit<AlertPopupProps, 'open'> | null;

export default function AddTemplatesPage() {
  const navigate = useNavigate();
  const { customerId } = useSession();
  const customers = useCustomers();
  const draft = useStoredDraft<BatchValue<TemplateItem>>(DRAFT_KEY, () => ({ items: [] }));
  // Each private template's client as the select shows it: what SEND checks and sends.
  const items = useMemo(() => (draft.value?.items ?? []).map((t) => withClient(t, customers ?? [])), [draft.value, customers]);
  const [current, setCurrent] = useState<string>();
  const [flags, setFlags] = useState<Map<string, TemplateProblem[]>>(new Map());
  const [alert, setAlert] = useState<Alert>(null);
  // The batch is one user action (each template a part of it): SEND clicked twice sends it once.
  const action = useUserAction();
  const { set: setDraft } = draft;
  const names = useNameCreator(
    useMemo(() => {
      const settle = (kind: TemplateNameKind, label: string, id: number | null) =>
        setDraft((v) => ({
          ...v,
          items: v.items.map((t) =>
            kind === 'ambient'
              ? { ...t, ambients: settleChip(t.ambients, label, id) }
              : { ...t, tags: settleChip(t.tags, label, id) },
          ),
        }));
      return { onCreated: settle, onFailed: (kind: TemplateNameKind, label: string) => settle(kind, label, null) };
    }, [setDraft]),
  );

  const ready = draft.value !== undefined && customers !== undefined;
  // A batch always has a template to fill in.
  useEffect(() => {
    if (ready && !items.length) draft.set({ items: [newTemplate(newUid(), customers)] });
  }, [ready, items.length, customers, draft]);
  const selected = items.find((t) => t.uid === current) ?? items[0];
  const index = selected ? items.indexOf(selected) : -1;
  const images = useObjectUrls(items.map((t) => (t.imageId === undefined ? undefined : draft.files.get(t.imageId))));

  function patch(uid: string, p: Partial<TemplateItem>) {
    draft.set((v) => ({ ...v, items: v.items.map((t) => (t.uid === uid ? { ...t, ...p } : t)) }));
    setFlags((f) => (f.has(uid) ? new Map([...f].filter(([k]) => k !== uid)) : f));
  }
  const add = () => {
    const t = newTemplate(newUid(), customers ?? []);
    draft.set((v) => ({ ...v, items: [...v.items, t] }));
    setCurrent(t.uid);
  };
  const remove = (t: TemplateItem) => {
    if (t.imageId !== undefined) draft.dropFiles([t.imageId]);
    draft.set((v) => ({ ...v, items: v.items.filter((x) => x.uid !== t.uid) }));
  };
  // The picker has checked the file and named a refused one with its reason.
  const setImage = async (t: TemplateItem, files: File[]) => {
    const image = files[0];
    if (!image) return;
    const [id] = await draft.addFiles([image]);
    if (t.imageId !== undefined) draft.dropFiles([t.imageId]);
    patch(t.uid, { imageId: id });
  };

  const send = () => {
    const problems = templateProblems(items);
    setFlags(problems);
    if (problems.size) {
      const first = items.find((t) => problems.has(t.uid))!;
      setCurrent(first.uid);
      return setAlert({
        title: 'Error',
        message: (
          <ul>
            {[...problems.values()].flat().map((p) => (
              <li key={p.summary}>{p.summary}</li>
            ))}
          </ul>
        ),
        onConfirm: () => setAlert(null),
      });
    }
    void action.run(
      async (a) => {
        await draft.flush();
        const queued = await queueTemplateBatch(
          customerId ?? -1,
          DRAFT_KEY,
          items.map((t) => ({
            uid: t.uid,
            draft: toTemplateDraft(t, draft.files.get(t.imageId!)!),
            fileIds: [t.imageId!],
          })),
          a.id,
        );
        await draft.reload();
        let done = 0;
        setAlert({ title: 'Sending templates', progress: `Sending templates... 0 of ${queued.length}` });
        const outcomes = await waitForOutcomes(
          queued.map((q) => q.entries),
          () => setAlert({ title: 'Sending templates', progress: `Sending templates... ${++done} of ${queued.length}` }),
        );
        finish(outcomes);
      },
      { onError: (err) => setAlert({ title: 'Error', message: (err as Error).message, onConfirm: () => setAlert(null) }) },
    );
  };
  const finish = (outcomes: Outcome[]) => {
    const failed = outcomes.flatMap((o) => (o.state === 'failed' ? [o.message] : []));
    if (!failed.length) {
      setAlert(null);
      const kept = outcomes.find((o) => o.state === 'queued');
      if (kept) notify.kept(kept.why, kept.message);
      else notify.saved(SENT_TEMPLATES);
      return navigate(CATALOG);
    }
    setAlert({
      title: 'Error',
      message: (
        <>
          <ul>
            {failed.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
          <p>The other templates were sent. The failed ones wait in Pending changes.</p>
        </>
      ),
      onConfirm: () => navigate(CATALOG),
    });
  };

  const entries = items.map((t, i) => ({
    id: t.uid,
    title: t.name.trim() || `Template ${i + 1}`,
    subtitle: t.public ? 'Public' : (customers?.find((c) => c.id === t.clientId)?.company ?? 'Private'),
    media: <Img src={images[i]} alt="" placeholder={{ name: t.name || 'Template' }} fit="cover" />,
    invalid: flags.has(t.uid) || Object.keys(fieldErrors(t, false)).length > 0,
    status:
      flags.has(t.uid) || Object.keys(fieldErrors(t, false)).length ? <CircleAlert aria-label="Needs attention" /> : undefined,
    actions: (
      <IconButton
        label={`Remove template ${i + 1}`}
        icon={<Trash2 />}
        size="sm"
        onClick={() => remove(t)}
        disabled={items.length === 1}
      />
    ),
  }));
  // SEND's problems, and the contract's field rules as the user types.
  const flagged = (selected && flags.get(selected.uid)) ?? [];
  const shown = (field: TemplateProblem['field']) =>
    flagged.find((p) => p.field === field)?.message ?? (selected && fieldErrors(selected, false)[field]);
  return (
    <Page>
      <PageHeader
        title="Add Templates"
        description="Fill in each template of the batch, then send them all at once. The form is kept on this device until it is sent."
      />
      {!ready || !selected ? (
        <div className={batch.layout}>
          <LoadingLabel />
          <Skeleton height={320} />
          <Skeleton height={480} />
        </div>
      ) : (
        <div className={batch.layout}>
          <BatchPanel
            noun="template"
            items={entries}
            current={selected.uid}
            onSelect={setCurrent}
            onAdd={add}
            onSend={send}
            sending={action.running}
          />
          <div className={batch.editor}>
            <Card title={`Template ${index + 1}`} description={selected.public ? 'Public template' : 'Private template'}>
              <TemplateFields
                value={selected as TemplateFieldValues}
                onChange={(p) => patch(selected.uid, p)}
                customers={customers}
                ambientOptions={names.ambientOptions}
                tagOptions={names.tagOptions}
                createAmbient={names.createAmbient}
                createTag={names.createTag}
                errors={{ name: shown('name'), note: shown('note'), ambients: shown('ambients') }}
                image={
                  <TemplateImagePicker
                    file={selected.imageId === undefined ? undefined : draft.files.get(selected.imageId)}
                    onPick={(ok) => void setImage(selected, ok)}
                    onRemove={() => (
                      selected.imageId !== undefined && draft.dropFiles([selected.imageId]),
                      patch(selected.uid, { imageId: undefined })
                    )}
                    error={shown('image')}
                  />
                }
              />
            </Card>
          </div>
        </div>
      )}
      <AlertPopup {...(alert ?? { title: '' })} open={alert !== null} />
      {names.popup}
    </Page>
  );
}
