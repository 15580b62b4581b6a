// Report Bug: subject, description, attachments (jpg/jpeg/png previewed; only the first is sent).
import { useEffect, useMemo, useState } from 'react';
import { reportBug } from '../../api/shell.ts';
import { toFailure } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { BUG_SENT, bugErrorMessage, hasPreview } from './rules.ts';

export default function BugReportDialog({ onClose }: { onClose: () => void }) {
  const { user, customerId } = useSession();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<{ text: string; kind: 'busy' | 'ok' | 'error' } | null>(null);
  const previews = useMemo(() => files.map((f) => (hasPreview(f.name) ? URL.createObjectURL(f) : null)), [files]);
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setStatus({ text: 'Sending...', kind: 'busy' });
    try {
      const id_customer = customerId ?? -1;
      await reportBug({ id_user: user.id, id_customer, subject, description, url: window.location.href }, files);
      setStatus({ text: BUG_SENT, kind: 'ok' });
    } catch (err) {
      setStatus({ text: bugErrorMessage(toFailure(err)), kind: 'error' });
    }
  }

  return (
    <Popup open title="Report Bug" onClose={onClose} className="bug-report">
      <form onSubmit={send} className="popup-body">
        <label htmlFor="bug-subject">Subject</label>
        <input id="bug-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        <label htmlFor="bug-description">Description</label>
        <textarea id="bug-description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} />
        <label htmlFor="bug-files">Attachment</label>
        <input id="bug-files" type="file" multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} />
        {files.length > 0 && (
          <ul className="attachments">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>{previews[i] ? <img src={previews[i]!} alt={f.name} /> : <span>{f.name}</span>}</li>
            ))}
          </ul>
        )}
        {status && (
          <p className={status.kind === 'error' ? 'form-error' : status.kind === 'ok' ? 'form-success' : 'form-status'} role="status">
            {status.kind === 'busy' && <span className="spinner" aria-hidden="true" />} {status.text}
          </p>
        )}
        <footer className="popup-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {status?.kind === 'ok' ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="button primary" disabled={status?.kind === 'busy'}>
            Send
          </button>
        </footer>
      </form>
    </Popup>
  );
}
