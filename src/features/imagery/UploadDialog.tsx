// Uploads (§4): the chosen files are queued on this device and sent one by one; the dialog follows
// them: 'Uploading n of m images', then 'Upload complete'; Cancel stops the files not yet sent. The batch stops at the first refusal and
// shows the server's message (the rest wait in Pending changes); offline they wait there too. Each
// picked file is checked first by the contract's upload rules; a refused one is named with its reason.
import { useState } from 'react';
import { CircleCheck, CloudOff, CircleAlert, RefreshCw } from 'lucide-react';
import { useUserAction } from '../../app/user-action.ts';
import { useWriteFeedback } from '../../app/write-feedback.ts';
import { queueUploads, stopAction, StorageFullError, type UploadList, type Who } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { acceptOf, type FileKind } from '../../api/contract/rules/files.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { notify } from '../../ui/notify.tsx';
import { useActionOutcome, waitingText } from './action-outcome.ts';
import { UPLOAD_COMPLETE, uploadingIndex, uploadingText } from './preset-rules.ts';
import styles from './imagery.module.css';

export interface UploadKind {
  list: UploadList;
  /** The upload call's file kind in the contract: the picker's types and the check before queuing. */
  file: Exclude<FileKind, 'any'>;
  acceptLabel: string;
  /** 'images', 'videos', 'files'. */
  noun: string;
  preview?: (f: File) => boolean;
}

interface Props {
  open: boolean;
  onClose(): void;
  who: Who;
  kind: UploadKind;
  title: string;
  onQueued?(actionId: string): void;
}

export function UploadDialog({ open, onClose, who, kind, title, onQueued }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const [batch, setBatch] = useState<{ actionId: string; total: number }>();
  const outcome = useActionOutcome(batch?.actionId);
  const feedback = useWriteFeedback();
  // One upload per opening of the dialog: Upload clicked twice queues the files once.
  const action = useUserAction();
  const sending = outcome?.state === 'sending';
  const reset = () => {
    setFiles([]);
    setBatch(undefined);
    action.reset();
    onClose();
  };
  const close = () => {
    if (!sending) reset();
  };
  // Cancel while sending: the dialog goes at once and does not come back; the files not yet sent
  // are dropped from the queue (the one on its way finishes: it may already be on the server).
  const cancel = () => {
    const id = batch?.actionId;
    reset();
    if (!id) return;
    void stopAction(id).then(() =>
      notify.info('Upload cancelled', `The ${kind.noun} not yet sent were removed; those already sent stay.`),
    );
  };
  const confirm = () =>
    void action.run(
      async (a) => {
        const since = Date.now();
        const q = await queueUploads(who, kind.list, files, a.id);
        if (!q.entries.length) return;
        setBatch({ actionId: q.actionId, total: files.length });
        onQueued?.(q.actionId);
        feedback(since);
      },
      {
        input: files,
        onError: (err) => {
          // No room even after the cached images went: the shell's toast says what to do; the files stay chosen.
          if (!(err instanceof StorageFullError)) throw err;
        },
      },
    );
  const m = batch?.total ?? 0;
  const footer = !batch ? (
    <>
      <Button onClick={close}>Cancel</Button>
      <Button variant="primary" disabled={!files.length} loading={action.running} onClick={confirm}>
        {files.length > 1 ? `Upload ${files.length} ${kind.noun}` : 'Upload'}
      </Button>
    </>
  ) : sending ? (
    <>
      <Button onClick={cancel}>Cancel</Button>
      <Button variant="primary" disabled>
        Uploading…
      </Button>
    </>
  ) : (
    <Button variant="primary" onClick={close}>
      Done
    </Button>
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} dismissible={!sending} title={title} size="md" footer={footer}>
      {!batch ? (
        <FileDrop
          label={`Choose the ${kind.noun} to upload`}
          multiple
          accept={acceptOf(kind.file)}
          acceptLabel={kind.acceptLabel}
          check={uploadCheck(kind.file)}
          files={files}
          preview={kind.preview}
          onPick={(accepted) => setFiles((f) => [...f, ...accepted])}
          onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))}
        />
      ) : (
        <div className={styles.progressBody} aria-live="polite">
          {outcome?.state === 'sending' && (
            <>
              <p className={styles.muted}>{uploadingText(uploadingIndex(outcome.left, m), m, kind.noun)}</p>
              <ProgressBar label="Upload progress" value={(100 * (m - Math.min(outcome.left, m))) / Math.max(1, m)} />
            </>
          )}
          {outcome?.state === 'done' && (
            <Callout tone="success" icon={<CircleCheck />}>
              {UPLOAD_COMPLETE}
            </Callout>
          )}
          {outcome?.state === 'failed' && (
            <Callout tone="danger" role="alert" icon={<CircleAlert />}>
              {outcome.message}
            </Callout>
          )}
          {outcome?.state === 'failed' && (
            <p className={styles.muted}>The upload stopped there. Pending changes keeps the files, to retry or discard.</p>
          )}
          {outcome?.state === 'waiting' && (
            <Callout tone="warning" icon={outcome.why === 'offline' ? <CloudOff /> : <RefreshCw />}>
              {waitingText(outcome)}
            </Callout>
          )}
        </div>
      )}
    </Dialog>
  );
}
