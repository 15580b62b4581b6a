// Report Bug (document 1 §2, §5, §8): subject and description (checked here first, errors under their
// fields), attachments (jpg/jpeg/png previewed; only the first is sent). One report per opening of the
// dialog (a user action): Send is disabled while sending and after success, and a second click or
// Enter joins the report under way. What is typed (and the files) is kept on this device until the
// report is sent or discarded (issue 43: useKeptDialog), in every company and on every page.
import { useMemo, useState } from 'react';
import { reportBug } from '../../api/shell.ts';
import { toFailure } from '../../api/client.ts';
import { needsConnection } from '../../api/failure-text.ts';
import { useKeptDialog } from '../../app/kept-dialog.ts';
import { useSession } from '../../app/session.tsx';
import { useUserAction } from '../../app/user-action.ts';
import { useSyncStatus } from '../../data/index.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { uploadCheck } from '../../api/upload-check.ts';

// Any file (the call's 'any'): only an empty one or one over the size limit is refused; a picture is
// previewed only when it decodes.
const attachments = previewedAttachments(uploadCheck('any'));
import { Stack } from '../../ui/Layout.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { bugReportRules, bugReportWords } from '../../api/contract/rules/bug-report.ts';
import { bugErrorMessage, checkBugReport, previewedAttachments, SENDING_REPORT, type BugErrors } from './rules.ts';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; text: string };

export default function BugReportDialog({ onClose }: { onClose: () => void }) {
  const { user, customerId } = useSession();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const action = useUserAction();
  const { online } = useSyncStatus();
  const sent = status.kind === 'sent';
  const typed = useMemo(() => ({ subject, description, files }), [subject, description, files]);
  const keeping = useKeptDialog(formDraftKey(user.id, 0, 'bug-report'), typed, {
    dirty: !sent && (!!subject.trim() || !!description.trim() || files.length > 0),
    restore: (k) => {
      setSubject(k.subject);
      setDescription(k.description);
      setFiles(k.files.filter(Boolean));
    },
    reset: () => {
      setSubject('');
      setDescription('');
      setFiles([]);
      setTried(false);
    },
    onClose,
    // The shell's dialog stays open across the pages behind it.
    leaves: () => false,
  });
  // After a first try, errors follow the typing, so a fixed field clears at once.
  const shown: BugErrors = tried ? checkBugReport(subject, description) : {};

  function send(e: React.FormEvent) {
    e.preventDefault();
    if (sent || !online) return;
    const found = checkBugReport(subject, description);
    setTried(true);
    if (found.subject || found.description) {
      document.getElementById(found.subject ? 'bug-subject' : 'bug-description')?.focus();
      return;
    }
    const fields = {
      id_user: user.id,
      id_customer: customerId ?? -1,
      subject: subject.trim(),
      description,
      url: window.location.href,
    };
    void action.run(
      async (a) => {
        setStatus({ kind: 'sending' });
        await reportBug(fields, files, a.key());
        keeping.sent();
        setStatus({ kind: 'sent' });
      },
      {
        input: [fields, files],
        onError: (err) => setStatus({ kind: 'error', text: bugErrorMessage(toFailure(err)) }),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && keeping.close()}
      title="Report Bug"
      description="Tell the studio what went wrong. The page you are on is sent with the report."
      size="md"
      footer={
        <>
          <Button onClick={keeping.close}>{sent ? 'Close' : 'Cancel'}</Button>
          <Button
            type="submit"
            form="bug-report-form"
            variant="primary"
            loading={action.running}
            disabled={sent || !online}
            aria-describedby={online ? undefined : 'bug-offline'}
          >
            Send
          </Button>
        </>
      }
    >
      <form id="bug-report-form" onSubmit={send} noValidate>
        <Stack gap={4}>
          {keeping.notice}
          <TextField
            id="bug-subject"
            label="Subject"
            required
            maxLength={bugReportRules.subject.max}
            value={subject}
            error={shown.subject}
            disabled={sent}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextArea
            id="bug-description"
            label="Description"
            required
            rows={5}
            value={description}
            error={shown.description}
            disabled={sent}
            onChange={(e) => setDescription(e.target.value)}
          />
          <FileDrop
            label="Attachment"
            multiple
            files={files}
            preview={attachments.previewed}
            hint="Screenshots (JPG or PNG) are previewed. Only the first file is sent."
            disabled={sent}
            check={attachments.check}
            onPick={(picked) => setFiles([...files, ...picked])}
            onRemove={(i) => setFiles(files.filter((_, j) => j !== i))}
          />
          {!online && !sent && (
            <Callout tone="neutral" id="bug-offline">
              {needsConnection(SENDING_REPORT)}
            </Callout>
          )}
          {status.kind === 'sending' && (
            <Callout tone="neutral" role="status" icon={<Spinner />}>
              Sending...
            </Callout>
          )}
          {sent && (
            <Callout tone="success" role="status">
              {bugReportWords.sent}
            </Callout>
          )}
          {status.kind === 'error' && (
            <Callout tone="danger" role="alert">
              {status.text}
            </Callout>
          )}
        </Stack>
      </form>
    </Dialog>
  );
}
