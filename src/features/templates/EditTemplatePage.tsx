// /template/{id} (document 2 §2.5, §4, §8): one template from the local mirror. Staff edit the name,
// notes, public/private, client, ambients and tags; the image is shown and cannot change. Save queues
// the info update with the ambient and tag differences, and one popup says how all of it went:
// 'Template saved successfully!', or 'Error Saving Template' with the error. Others see it read-only.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, CloudOff, Save, ZoomIn } from 'lucide-react';
import { useKeptForm } from '../../app/kept-form.tsx';
import { NotFoundContent } from '../../app/NotFound.tsx';
import { useSession } from '../../app/session.tsx';
import { useUserAction } from '../../app/user-action.ts';
import { editTemplate, useCustomers, useListComplete, useSyncStatus, useTemplate, type TemplateRow } from '../../data/index.ts';
import { queuedBy, waitForOutcome } from '../../data/outbox/index.ts';
import { formDraftKey, type TemplateNameKind } from '../../data/catalog/index.ts';
import { AlertPopup, type AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Img } from '../../ui/Img.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { ZoomViewer } from '../../ui/ZoomViewer.tsx';
import { notify } from '../../ui/notify.tsx';
import { formatDate } from '../../ui/format.ts';
import { templateImage } from '../catalog/catalog-rules.ts';
import { TemplateFields } from './TemplateFields.tsx';
import {
  diffTemplate,
  editErrors,
  editOf,
  namesTyped,
  SAVED_TEMPLATE,
  withClient,
  withoutTyped,
  type TemplateEdit,
} from './template-rules.ts';
import { settleChip, useNameCreator } from './useNameCreator.tsx';
import styles from './templates.module.css';

type Alert = Omit<AlertPopupProps, 'open'> | null;
const ERROR_TITLE = 'Error Saving Template';

export default function EditTemplatePage() {
  const raw = useParams().id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const { customerId, staff } = useSession();
  const cid = customerId ?? 0;
  const live = useTemplate(cid, id);
  // A template deleted elsewhere while it is open stays on screen with what was typed: Save then
  // says "Template not found." (and keeps the change in Pending changes), instead of the form vanishing.
  const [kept, setKept] = useState<TemplateRow | null>(null);
  if (live && live !== kept) setKept(live);
  const template = live ?? (kept?.id === id ? kept : live);
  const customers = useCustomers();
  const { online } = useSyncStatus();
  // Not here: Not found once this device holds the company's whole list (issue 26), else wait for it.
  const complete = useListComplete('templates', template === null ? cid : undefined);
  const back = staff ? '/admin/catalog_template' : '/catalog_template';
  if (id === undefined || (template === null && complete)) return <NotFoundContent />;
  if (template === null && complete === false && !online) {
    return (
      <Page width="wide">
        <EmptyState
          icon={<CloudOff />}
          title="This template is not on this device yet."
          description="Opening it needs a connection. It opens here as soon as you are back online."
          action={
            <Link to={back} className={buttonClass()}>
              Back to the Template Catalog
            </Link>
          }
        />
      </Page>
    );
  }
  if (!template || !customers) return <Loading />;
  return <Editor key={template.id} template={template} customers={customers} cid={cid} editable={staff} back={back} />;
}

function Loading() {
  return (
    <Page width="wide">
      <LoadingLabel />
      <Skeleton height={36} width={320} />
      <Skeleton height={420} />
    </Page>
  );
}

interface EditorProps {
  template: TemplateRow;
  customers: NonNullable<ReturnType<typeof useCustomers>>;
  cid: number;
  editable: boolean;
  back: string;
}

function Editor({ template, customers, cid, editable, back }: EditorProps) {
  const { user } = useSession();
  const [base, setBase] = useState(() => editOf(template, customers));
  const [typed, setEdit] = useState<TemplateEdit>(base);
  // A private template's client as the select shows it is what is checked and saved (issue 43).
  const edit = withClient(typed, customers);
  const [alert, setAlert] = useState<Alert>(null);
  const [zoom, setZoom] = useState(false);
  const [checked, setChecked] = useState(false);
  const dirty = JSON.stringify(withoutTyped(typed)) !== JSON.stringify(withoutTyped(base)) || namesTyped(typed);
  // What was typed survives a reload (issue 43), per user, company and template, until saved or discarded.
  const keeping = useKeptForm(editable ? formDraftKey(user.id, cid, 'template', template.id) : null, typed, {
    dirty,
    restore: setEdit,
    reset: () => setEdit(base),
  });
  const names = useNameCreator(
    useMemo(() => {
      const settle = (kind: TemplateNameKind, label: string, id: number | null) =>
        setEdit((e) =>
          kind === 'ambient'
            ? { ...e, ambients: settleChip(e.ambients, label, id) }
            : { ...e, tags: settleChip(e.tags, label, id) },
        );
      return { onCreated: settle, onFailed: (kind: TemplateNameKind, label: string) => settle(kind, label, null) };
    }, []),
  );
  // The contract's field rules as typed; what is missing once Save was pressed.
  const errors = editErrors(edit, checked);

  // Save clicked twice (or again before anything changed) on the same edit is one save.
  const action = useUserAction();
  const save = () => {
    setChecked(true);
    if (Object.keys(editErrors(edit, true)).length) return;
    const change = diffTemplate(template, edit);
    void action.run(
      async (a) => {
        setAlert({ title: 'Saving Template', progress: 'Saving...' });
        const entries = await queuedBy(() => editTemplate(cid, template.id, change, a.id));
        const outcome = await waitForOutcome(entries);
        if (outcome.state === 'failed') {
          const message = outcome.message.replace(/^Error Saving Template: /, '');
          return setAlert({
            title: ERROR_TITLE,
            message: (
              <>
                <p>{message}</p>
                <p>The change waits in Pending changes.</p>
              </>
            ),
            onConfirm: () => setAlert(null),
          });
        }
        setBase(typed);
        if (outcome.state === 'queued') {
          setAlert(null);
          return notify.kept(outcome.why, outcome.message);
        }
        setAlert({ title: 'Success', message: SAVED_TEMPLATE, onConfirm: () => setAlert(null) });
      },
      {
        input: change,
        onError: (err) => setAlert({ title: ERROR_TITLE, message: (err as Error).message, onConfirm: () => setAlert(null) }),
      },
    );
  };

  const src = templateImage(template);
  const image = (
    <div className={styles.preview}>
      <div className={styles.previewFrame}>
        <Img src={src} alt={template.name} placeholder={{ name: template.name }} className={styles.previewImg} />
        {src && (
          <IconButton
            label="Zoom the image"
            icon={<ZoomIn />}
            size="sm"
            variant="secondary"
            className={styles.previewZoom}
            onClick={() => setZoom(true)}
          />
        )}
      </div>
      <p className={styles.previewHint}>The image cannot be changed.</p>
    </div>
  );
  return (
    <Page width="wide">
      <PageHeader
        title={template.name || `Template ${template.id}`}
        meta={
          <>
            {template.id > 0 && <Badge>#{template.id}</Badge>}
            <Badge tone={template.public ? 'info' : 'neutral'}>{template.public ? 'Public' : 'Private'}</Badge>
            {template.created_at && <span>Created {formatDate(new Date(template.created_at))}</span>}
          </>
        }
        actions={
          <>
            <Link to={back} className={buttonClass({ variant: 'ghost' })}>
              <ArrowLeft aria-hidden="true" /> Template Catalog
            </Link>
            {editable && (
              <Button variant="primary" icon={<Save />} onClick={save} disabled={!dirty} loading={action.running}>
                Save
              </Button>
            )}
          </>
        }
      />
      {keeping.notice}
      <Card
        title={editable ? 'Template' : 'Template details'}
        description={editable ? undefined : 'Only the studio can change templates.'}
      >
        <fieldset disabled={!editable} className={styles.plain}>
          <TemplateFields
            value={edit}
            onChange={(p) => setEdit((e) => ({ ...e, ...p }))}
            customers={customers}
            ambientOptions={names.ambientOptions}
            tagOptions={names.tagOptions}
            createAmbient={names.createAmbient}
            createTag={names.createTag}
            image={image}
            errors={errors}
          />
        </fieldset>
      </Card>
      <ZoomViewer src={zoom ? src : null} alt={template.name} onClose={() => setZoom(false)} />
      <AlertPopup {...(alert ?? { title: '' })} open={alert !== null} />
      {names.popup}
    </Page>
  );
}
