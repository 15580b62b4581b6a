// The typed-tags rules of TagInput, pure so they are unit-tested (document 2 §5, §9): text is split on
// commas, trimmed, blanks ignored; a name matches an option case-insensitively; nothing is added twice.
// Enter (and each comma) picks the matching option, or with autoPickFirst the first option containing
// the text (the ambient and tag inputs of the template screens), otherwise creates a new entry.

export interface TagOption {
  key: string | number;
  label: string;
}

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
const contains = (a: string, b: string) => a.toLocaleLowerCase().includes(b.toLocaleLowerCase());

/** "a, b, c" typed so far: the finished parts (before the last comma) and what is still being typed. */
export function splitTyped(raw: string): { complete: string[]; rest: string } {
  const parts = raw.split(',');
  const rest = parts.pop() ?? '';
  return { complete: parts.map((p) => p.trim()).filter(Boolean), rest };
}

export const isChosen = <O extends TagOption>(value: readonly O[], label: string) => value.some((v) => same(v.label, label));

/** Options still to offer for the typed text (substring, case-insensitive), chosen ones left out. */
export function suggestions<O extends TagOption>(value: readonly O[], options: readonly O[], text: string, max = 8): O[] {
  const t = text.trim();
  return options.filter((o) => !isChosen(value, o.label) && (!t || contains(o.label, t))).slice(0, max);
}

export interface CommitRules<O extends TagOption> {
  autoPickFirst?: boolean;
  /** Makes an entry for a name no option has; null (or no function) refuses it. */
  create?: (label: string) => O | null;
}

/** Adds each typed name (comma-separated) to the value, by the rules above. */
export function commitTyped<O extends TagOption>(
  value: readonly O[],
  options: readonly O[],
  typed: string,
  rules: CommitRules<O>,
): O[] {
  const out = [...value];
  for (const name of typed
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    if (isChosen(out, name)) continue;
    const exact = options.find((o) => same(o.label, name));
    const first = rules.autoPickFirst ? options.find((o) => !isChosen(out, o.label) && contains(o.label, name)) : undefined;
    const picked = exact ?? first ?? rules.create?.(name) ?? null;
    if (picked && !isChosen(out, picked.label)) out.push(picked);
  }
  return out;
}
