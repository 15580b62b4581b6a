// Files by drag and drop or by browsing: a drop zone with the accepted types, then the chosen files as
// tiles (a preview for images, an icon and the size for others), each with Remove. The caller keeps the
// list: onPick receives what was dropped or chosen (already split by `accept`), onRemove an index.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { cx } from './cx.ts';
import { Field } from './Field.tsx';
import styles from './FileDrop.module.css';

export interface FileDropProps {
  label: ReactNode;
  /** The input's accept list ('.png,.jpg' or 'image/*'); dropped files are checked against it too. */
  accept?: string;
  /** How the accepted types read to a person: 'PNG or JPG, up to 25 MB'. */
  acceptLabel?: string;
  multiple?: boolean;
  files: readonly File[];
  onPick: (accepted: File[], refused: File[]) => void;
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
  return accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean).some((a) =>
    a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? file.type.startsWith(a.slice(0, -1)) : file.type === a,
  );
}

export const formatBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${Math.round(n / 1024)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`);

export function FileDrop({ label, accept, acceptLabel, multiple, files, onPick, onRemove, preview, hint, error, disabled, className }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const shows = preview ?? ((f: File) => f.type.startsWith('image/'));
  const urls = useMemo(() => files.map((f) => (shows(f) ? URL.createObjectURL(f) : null)), [files]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  const take = (list: FileList | null) => {
    const all = [...(list ?? [])].slice(0, multiple ? undefined : 1);
    onPick(all.filter((f) => matchesAccept(f, accept)), all.filter((f) => !matchesAccept(f, accept)));
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
              if (!disabled) take(e.dataTransfer.files);
            }}
          >
            <Upload className={styles.zoneIcon} aria-hidden="true" />
            <span className={styles.zoneText}>
              <span className={styles.browse}>Choose {multiple ? 'files' : 'a file'}</span> or drag {multiple ? 'them' : 'it'} here
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
                take(e.target.files);
                e.target.value = ''; // the same file can be chosen again
              }}
            />
          </div>
          {files.length > 0 && (
            <ul className={styles.files}>
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`} className={styles.file}>
                  {urls[i] ? <img src={urls[i]!} alt={f.name} className={styles.thumb} /> : <FileText className={styles.fileIcon} aria-hidden="true" />}
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
