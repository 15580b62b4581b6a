// Files by drag and drop or by browsing: a drop zone with the accepted types, then the chosen files as
// tiles (a preview for images, an icon and the size for others), each with Remove. The caller keeps the
// list: onPick receives what was dropped or chosen, split by `check` (or by `accept`), onRemove an index.
// A refused file is never dropped without a word: each one is listed with its reason until the next pick.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { Field, FieldError } from './Field.tsx';
import styles from './FileDrop.module.css';

export interface FileVerdicts {
  ok: File[];
  refused: { file: File; reason: string }[];
}

export interface FileDropProps {
  label: ReactNode;
  /** The input's accept list ('.png,.jpg' or 'image/*'); dropped files are checked against it too. */
  accept?: string;
  /** How the accepted types read to a person: 'PNG or JPG, up to 25 MB'. */
  acceptLabel?: string;
  multiple?: boolean;
  files: readonly File[];
  onPick: (accepted: File[], refused: File[]) => void;
  /** Judges the picked files (src/api/upload-check.ts: the server's rules); by default, `accept` alone. */
  check?: (files: File[]) => Promise<FileVerdicts>;
  onRemove?: (index: number) => void;
  /** Which files get an image preview (default: image/* types). */
  preview?: (file: File) => boolean;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  className?: string;
}

/** Does a file match an accept list (extensions, exact types, or 'type/*')? */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept?: string): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) =>
      a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? file.type.startsWith(a.slice(0, -1)) : file.type === a,
    );
}

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${Math.round(n / 1024)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

const COULD_NOT_CHECK = 'This file could not be checked. Choose it again.';

/** The default check: the accept list, with its words. */
const byAccept =
  (accept: string | undefined, acceptLabel: string | undefined) =>
  async (files: File[]): Promise<FileVerdicts> => ({
    ok: files.filter((f) => matchesAccept(f, accept)),
    refused: files
      .filter((f) => !matchesAccept(f, accept))
      .map((file) => ({ file, reason: `This field does not take this type of file${acceptLabel ? ` (${acceptLabel})` : ''}.` })),
  });

export function FileDrop({
  label,
  accept,
  acceptLabel,
  multiple,
  files,
  onPick,
  check,
  onRemove,
  preview,
  hint,
  error,
  disabled,
  className,
}: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [checking, setChecking] = useState(0);
  const [refused, setRefused] = useState<FileVerdicts['refused']>([]);
  const shows = preview ?? ((f: File) => f.type.startsWith('image/'));
  const urls = useMemo(() => files.map((f) => (shows(f) ? URL.createObjectURL(f) : null)), [files]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  // The check in progress: Stop, a new pick or leaving (the dialog closed) ends it, and its verdict,
  // arriving later, adds nothing.
  const run = useRef(0);
  useEffect(() => () => void run.current++, []);
  const stop = () => {
    run.current++;
    setChecking(0);
  };
  const take = async (list: FileList | null) => {
    const all = [...(list ?? [])].slice(0, multiple ? undefined : 1);
    if (!all.length) return;
    const me = ++run.current;
    setChecking(all.length);
    try {
      let v: FileVerdicts;
      try {
        v = await (check ?? byAccept(accept, acceptLabel))(all);
      } catch (err) {
        // The check itself failed (its code could not load on a dropped connection): nothing is added,
        // and each file says so rather than the pick doing nothing.
        console.warn('[facet] file check failed:', err);
        v = { ok: [], refused: all.map((file) => ({ file, reason: COULD_NOT_CHECK })) };
      }
      if (me !== run.current) return;
      setRefused(v.refused);
      onPick(
        v.ok,
        v.refused.map((r) => r.file),
      );
    } finally {
      if (me === run.current) setChecking(0);
    }
  };
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className={styles.wrap}>
          <div
            className={cx(styles.zone, over && styles.over, disabled && styles.disabled)}
            data-invalid={error ? '' : undefined}
            onClick={(e) => !disabled && e.target !== input.current && input.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              if (!disabled) setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={(e) => {
              e.preventDefault();
              setOver(false);
              if (!disabled) void take(e.dataTransfer.files);
            }}
          >
            <Upload className={styles.zoneIcon} aria-hidden="true" />
            <span className={styles.zoneText}>
              <span className={styles.browse}>Choose {multiple ? 'files' : 'a file'}</span> or drag {multiple ? 'them' : 'it'}{' '}
              here
            </span>
            {acceptLabel && <span className={styles.accepts}>{acceptLabel}</span>}
            <input
              ref={input}
              type="file"
              className="sr-only"
              accept={accept}
              multiple={multiple}
              disabled={disabled}
              {...control}
              onChange={(e) => {
                void take(e.target.files);
                e.target.value = ''; // the same file can be chosen again
              }}
            />
          </div>
          {checking > 0 && (
            <p role="status" className={styles.checking}>
              Checking {checking === 1 ? 'the file' : `${checking} files`}…{' '}
              <Button variant="link" size="sm" onClick={stop}>
                Stop
              </Button>
            </p>
          )}
          <div role="alert">
            {refused.length > 0 && (
              <ul className={styles.refused} aria-label="Files not added">
                {refused.map((r, i) => (
                  <li key={`${r.file.name}-${i}`}>
                    <FieldError>
                      {r.file.name}: {r.reason}
                    </FieldError>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {files.length > 0 && (
            <ul className={styles.files}>
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`} className={styles.file}>
                  {urls[i] ? (
                    <img src={urls[i]!} alt={f.name} className={styles.thumb} />
                  ) : (
                    <FileText className={styles.fileIcon} aria-hidden="true" />
                  )}
                  <span className={styles.fileText}>
                    <span className={styles.fileName} title={f.name}>
                      {f.name}
                    </span>
                    <span className={styles.fileSize}>{formatBytes(f.size)}</span>
                  </span>
                  {onRemove && (
                    <button type="button" className={styles.remove} aria-label={`Remove ${f.name}`} onClick={() => onRemove(i)}>
                      <X aria-hidden="true" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
