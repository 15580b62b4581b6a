// The file-name pattern: a text field, buttons that insert each token at the caret, and the name
// the export gives a 360 turn's first frame (a live preview by the export's own builder, beyond the specs).
import { useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { insertToken, previewName, SAMPLE_NOTE, TOKENS, type RetailerForm } from './retailer-rules.ts';
import styles from './retailers.module.css';

export function FileNameField({
  value,
  ext,
  frames,
  onChange,
  label,
  error,
}: {
  value: string;
  ext: RetailerForm['ext'];
  /** A 360 turn's frames (images per row): a pattern without a frame token numbers them. */
  frames: number;
  onChange: (v: string) => void;
  label: string;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The caret as it was when the field lost focus to a token button.
  const caret = useRef<{ start: number; end: number } | null>(null);
  const remember = () => {
    const el = input.current;
    if (el) caret.current = { start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length };
  };
  const insert = (token: string) => {
    const at = caret.current ?? { start: value.length, end: value.length };
    const next = insertToken(value, token, at.start, at.end);
    onChange(next.value);
    caret.current = { start: next.caret, end: next.caret };
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <div className={styles.fileName}>
      <TextField
        ref={input}
        label={label}
        hideLabel
        size="sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onSelect={remember}
        onKeyUp={remember}
        onBlur={remember}
        spellCheck={false}
        error={error}
        className={styles.mono}
      />
      <div className={styles.tokens} role="group" aria-label="Insert a token">
        {TOKENS.map((t) => (
          <Button key={t} size="sm" variant="ghost" onMouseDown={(e) => e.preventDefault()} onClick={() => insert(t)}>
            {t}
          </Button>
        ))}
      </div>
      <p className={styles.preview} aria-live="polite">
        First frame (note “{SAMPLE_NOTE}”):{' '}
        <code data-testid="file-name-preview">{previewName({ file_name: value, ext, images_per_row: frames })}</code>
      </p>
    </div>
  );
}
