// Typed tags (a combobox with chips): type to filter the options, ↑/↓ to move, Enter to pick the
// highlighted one or add what is typed, a comma to add and go on, Backspace on an empty field removes the
// last chip. The caller supplies the options and, to allow new names, onCreate. Rules: tag-input.ts.
import { useId, useState, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { cx } from './cx.ts';
import { Field } from './Field.tsx';
import { commitTyped, splitTyped, suggestions, isChosen, type TagOption } from './tag-input.ts';
import styles from './TagInput.module.css';

export interface TagInputProps<O extends TagOption> {
  label: ReactNode;
  value: readonly O[];
  options: readonly O[];
  onChange: (next: O[]) => void;
  /** A new entry for a name that matches no option; without it only options can be added. */
  onCreate?: (label: string) => O | null;
  /** Enter picks the first option containing the text (instead of only an exact match). */
  autoPickFirst?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  /** The word in 'Remove tag x' buttons. */
  noun?: string;
  className?: string;
}

export function TagInput<O extends TagOption>({
  label,
  value,
  options,
  onChange,
  onCreate,
  autoPickFirst,
  placeholder,
  hint,
  error,
  disabled,
  noun = 'tag',
  className,
}: TagInputProps<O>) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rules = { autoPickFirst, create: onCreate };
  const shown = suggestions(value, options, text);
  const canCreate =
    !!onCreate &&
    text.trim() !== '' &&
    !options.some((o) => o.label.toLowerCase() === text.trim().toLowerCase()) &&
    !isChosen(value, text.trim());
  const items: ({ kind: 'option'; option: O } | { kind: 'create'; label: string })[] = [
    ...shown.map((option) => ({ kind: 'option' as const, option })),
    ...(canCreate ? [{ kind: 'create' as const, label: text.trim() }] : []),
  ];
  const commit = (typed: string) => {
    const next = commitTyped(value, options, typed, rules);
    if (next.length !== value.length) onChange(next);
  };
  const choose = (i: number) => {
    const item = items[i];
    if (!item) return;
    if (item.kind === 'option') onChange([...value, item.option]);
    else commit(item.label);
    setText('');
    setActive(-1);
  };
  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className={styles.wrap}>
          <div className={cx(styles.control, disabled && styles.disabled)} data-invalid={error ? '' : undefined}>
            {value.map((v) => (
              <span key={v.key} className={styles.chip}>
                {v.label}
                {!disabled && (
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove ${noun} ${v.label}`}
                    onClick={() => onChange(value.filter((x) => x !== v))}
                  >
                    <X aria-hidden="true" />
                  </button>
                )}
              </span>
            ))}
            <input
              {...control}
              className={styles.input}
              role="combobox"
              aria-expanded={open && items.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              placeholder={value.length ? undefined : placeholder}
              disabled={disabled}
              value={text}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onChange={(e) => {
                const { complete, rest } = splitTyped(e.target.value);
                if (complete.length) commit(complete.join(','));
                setText(complete.length ? rest.trimStart() : e.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                  e.preventDefault();
                  setOpen(true);
                  const n = items.length;
                  if (n) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
                } else if (e.key === 'Enter') {
                  e.preventDefault();
                  if (open && active >= 0) choose(active);
                  else if (text.trim()) {
                    commit(text);
                    setText('');
                  }
                } else if (e.key === 'Escape' && open) {
                  e.stopPropagation();
                  setOpen(false);
                } else if (e.key === 'Backspace' && !text && value.length) {
                  onChange(value.slice(0, -1));
                }
              }}
            />
          </div>
          <ul
            id={listId}
            role="listbox"
            className={styles.list}
            hidden={!open || items.length === 0}
            aria-label={`${noun} suggestions`}
          >
            {items.map((item, i) => (
              <li
                key={item.kind === 'option' ? item.option.key : `create:${item.label}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={cx(styles.option, i === active && styles.active)}
                onMouseDown={(e) => e.preventDefault()} // keep focus in the input
                onClick={() => choose(i)}
              >
                {item.kind === 'option' ? (
                  item.option.label
                ) : (
                  <>
                    <Plus aria-hidden="true" /> Create “{item.label}”
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Field>
  );
}
