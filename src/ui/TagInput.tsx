// Typed tags (a combobox with chips): type to filter the options, ↑/↓ to move, Enter to pick the
// highlighted one or add what is typed (the list then closes until typing, ↓ or a click), a comma to
// add and go on, Backspace on an empty field removes the last chip. The caller supplies the options
// and, to allow new names, onCreate. Rules: tag-input.ts.
// The suggestions are a portalled popover (Radix), so a dialog never clips them and Escape closes them
// alone, not the dialog around them. The text not yet added may be held by the caller (a form's draft).
import { useId, useRef, useState, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { Popover } from 'radix-ui';
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
  /** The typed text not yet added, when the caller keeps it (else kept inside). */
  text?: string;
  onTextChange?: (text: string) => void;
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
  text: heldText,
  onTextChange,
}: TagInputProps<O>) {
  const listId = useId();
  const [ownText, setOwnText] = useState('');
  const text = heldText ?? ownText;
  const setText = (t: string) => (onTextChange ? onTextChange(t) : setOwnText(t));
  const control = useRef<HTMLDivElement>(null);
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
    setOpen(false); // added: the list goes until typed again, so it never covers the form's buttons
  };
  const optionId = (i: number) => `${listId}-o${i}`;
  const listed = open && items.length > 0 && !disabled;
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(field) => (
        <Popover.Root open={listed} onOpenChange={(o) => !o && setOpen(false)}>
          <Popover.Anchor asChild>
            <div ref={control} className={cx(styles.control, disabled && styles.disabled)} data-invalid={error ? '' : undefined}>
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
                {...field}
                className={styles.input}
                role="combobox"
                aria-expanded={listed}
                aria-controls={listed ? listId : undefined}
                aria-autocomplete="list"
                aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
                autoComplete="off"
                placeholder={value.length ? undefined : placeholder}
                disabled={disabled}
                value={text}
                onFocus={() => setOpen(true)}
                onMouseDown={() => setOpen(true)}
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
                      setOpen(false);
                    }
                  } else if (e.key === 'Backspace' && !text && value.length) {
                    onChange(value.slice(0, -1));
                  }
                }}
              />
            </div>
          </Popover.Anchor>
          <Popover.Portal>
            <Popover.Content
              role="presentation" // not Radix's dialog: the listbox inside is what is announced
              className={styles.popover}
              align="start"
              sideOffset={4}
              collisionPadding={12}
              // The focus stays in the input; a press on the input itself is not "outside".
              onOpenAutoFocus={(e) => e.preventDefault()}
              onCloseAutoFocus={(e) => e.preventDefault()}
              onInteractOutside={(e) => control.current?.contains(e.target as Node) && e.preventDefault()}
            >
              <ul id={listId} role="listbox" className={styles.list} aria-label={`${noun} suggestions`}>
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
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </Field>
  );
}
