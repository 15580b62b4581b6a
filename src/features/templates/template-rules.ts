// The template screens' rules as pure functions (document 2 §2.4, §2.5, §3, §5, §8): a template of
// the batch form, its defaults, the checks before SEND with their messages (the specs', and the
// contract's template rules in the server's words), the ambient/tag Enter rule, what a save sends,
// and which cards may be deleted.
import type { TemplateChange, TemplateDraft, TemplateRow } from '../../data/index.ts';
import { commitTyped, type TagOption } from '../../ui/tag-input.ts';
import { acceptOf } from '../../api/contract/rules/files.ts';
import { templateFieldErrors } from '../../api/contract/rules/template.ts';

/** An ambient or tag chip: an existing id (a temp id while its create is queued), or a name being created. */
export interface NameChip extends TagOption {
  key: number | string;
  label: string;
}

/** What is typed in the ambient and tag boxes but not yet added: kept with the form's draft (issue 43). */
export interface TypedNames {
  ambientText?: string;
  tagText?: string;
}

/** The fields without the typed-but-not-added names (what a save compares). */
export const withoutTyped = <T extends TypedNames>({ ambientText: _a, tagText: _t, ...rest }: T) => rest;
/** A name typed in the ambient or tag box and not yet added. */
export const namesTyped = (t: TypedNames) => !!t.ambientText?.trim() || !!t.tagText?.trim();

export interface TemplateItem extends TypedNames {
  uid: string;
  name: string;
  note: string;
  public: 0 | 1;
  clientId?: number;
  /** The image's id in the stored draft's files. */
  imageId?: number;
  ambients: NameChip[];
  tags: NameChip[];
}

/** §5: JPEG or PNG, the template call's 'image' file (checked by the contract's upload rules). */
export const IMAGE_ACCEPT = acceptOf('image');

/** §3: a new template is private (public 0) for the first customer. */
export function newTemplate(uid: string, customers: readonly { id: number }[]): TemplateItem {
  return { uid, name: '', note: '', public: 0, clientId: customers[0]?.id, ambients: [], tags: [] };
}

/**
 * A private template's client as the Client select shows it, which is what is checked and sent (issue
 * 43): the chosen one, else the first of the list. A template made before the list had arrived (an
 * empty list on a first visit) has none of its own, and the select showed the first while SEND sent none.
 */
export function withClient<T extends { public: 0 | 1; clientId?: number }>(t: T, customers: readonly { id: number }[]): T {
  if (t.public !== 0 || !customers.length || customers.some((c) => c.id === t.clientId)) return t;
  return { ...t, clientId: customers[0]!.id };
}

export const NO_IMAGE = (n: number) => `Template ${n} has no image`;
export const NO_AMBIENTS = (n: number) => `Template ${n} has no ambients`;

export type TemplateField = 'image' | 'ambients' | 'name' | 'note' | 'id_customer';
/** `message` shows at the field; the SEND popup lists `summary` (which names the template). */
export interface TemplateProblem {
  field: TemplateField;
  message: string;
  summary: string;
}

type Fields = Pick<TemplateItem, 'name' | 'note' | 'public' | 'clientId'>;
/**
 * The contract's template rules on what is sent (the name trimmed), in the server's words: the lengths
 * as typed; a missing name and a private template's client once SEND or Save was pressed (`presence`).
 */
export function fieldErrors(t: Fields, presence: boolean): Partial<Record<TemplateField, string>> {
  const name = t.name.trim();
  const errors = templateFieldErrors({
    name: name || (presence ? '' : undefined),
    note: t.note,
    public: t.public,
    id_customer: t.public === 0 ? t.clientId : undefined,
  });
  if (!presence) delete errors.id_customer;
  return Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, m[0]]));
}

/** §5: the problems of each template (numbered from 1), in list order, then the contract's field rules; tags are not enforced. */
export function templateProblems(items: readonly TemplateItem[]): Map<string, TemplateProblem[]> {
  const out = new Map<string, TemplateProblem[]>();
  items.forEach((t, i) => {
    const n = i + 1;
    const p: TemplateProblem[] = [];
    if (t.imageId === undefined) p.push({ field: 'image', message: NO_IMAGE(n), summary: NO_IMAGE(n) });
    if (!t.ambients.length) p.push({ field: 'ambients', message: NO_AMBIENTS(n), summary: NO_AMBIENTS(n) });
    for (const [field, message] of Object.entries(fieldErrors(t, true)))
      p.push({ field: field as TemplateField, message, summary: `Template ${n}: ${message}` });
    if (p.length) out.set(t.uid, p);
  });
  return out;
}

/**
 * §5 Enter in the ambient or tag input: the first matching unselected entry, otherwise a new one with
 * the typed name. Returns the chips and the name to create, if any.
 */
export function enterName(
  value: readonly NameChip[],
  options: readonly NameChip[],
  typed: string,
): { next: NameChip[]; create?: string } {
  let create: string | undefined;
  const next = commitTyped(value, options, typed, {
    autoPickFirst: true,
    create: (label) => ((create = label), { key: `new:${label}`, label }),
  });
  return { next, create };
}

/** What the data layer needs for a chip: a real id, or the name (a temp or new one is found by name). */
export const chipRef = (c: NameChip): number | string => (typeof c.key === 'number' && c.key > 0 ? c.key : c.label);

export function toTemplateDraft(t: TemplateItem, image: Blob): TemplateDraft {
  return {
    name: t.name.trim(),
    note: t.note,
    public: t.public,
    clientId: t.public === 0 ? t.clientId : undefined,
    image,
    ambients: t.ambients.map(chipRef),
    tags: t.tags.map(chipRef),
  };
}

export interface TemplateEdit extends TypedNames {
  name: string;
  note: string;
  public: 0 | 1;
  clientId?: number;
  ambients: NameChip[];
  tags: NameChip[];
}

export const chipsOf = (list: readonly { id: number; name: string }[]): NameChip[] =>
  list.map((x) => ({ key: x.id, label: x.name }));

export function editOf(t: TemplateRow, customers: readonly { id: number }[]): TemplateEdit {
  return {
    name: t.name,
    note: t.note,
    public: t.public,
    clientId: t.id_customer ?? customers[0]?.id,
    ambients: chipsOf(t.ambients),
    tags: chipsOf(t.tags),
  };
}

/** §4 edit-template save: the info update, and the ambients and tags added or dropped. */
export function diffTemplate(before: TemplateRow, after: TemplateEdit): TemplateChange {
  const ids = (cs: readonly NameChip[]) => new Set(cs.map((c) => c.key));
  const keptA = ids(after.ambients);
  const keptT = ids(after.tags);
  const had = (list: readonly { id: number }[]) => new Set<number | string>(list.map((x) => x.id));
  const hadA = had(before.ambients);
  const hadT = had(before.tags);
  return {
    name: after.name.trim(),
    note: after.note,
    public: after.public,
    clientId: after.public === 0 ? after.clientId : undefined,
    addAmbients: after.ambients.filter((c) => !hadA.has(c.key)).map(chipRef),
    removeAmbients: before.ambients.filter((a) => !keptA.has(a.id)).map((a) => a.id),
    addTags: after.tags.filter((c) => !hadT.has(c.key)).map(chipRef),
    removeTags: before.tags.filter((a) => !keptT.has(a.id)).map((a) => a.id),
  };
}

export const EDIT_NO_AMBIENTS = 'The template needs at least one ambient';

/** The edit form keeps the add form's rules (the contract's fields, an ambient); the image cannot change. */
export function editErrors(e: TemplateEdit, presence: boolean): Partial<Record<TemplateField, string>> {
  return { ...fieldErrors(e, presence), ...(presence && !e.ambients.length && { ambients: EDIT_NO_AMBIENTS }) };
}

/**
 * A card's delete button (document 1 §6): with delete-template-access; a customer only on its own
 * private templates (the server refuses public ones), staff in the provider context on any.
 */
export function canDeleteTemplate(
  t: Pick<TemplateRow, 'public' | 'id_customer'>,
  o: { slug: boolean; customerId: number; admin: boolean },
): boolean {
  if (!o.slug) return false;
  return o.admin || (t.public === 0 && t.id_customer === o.customerId);
}

/** The confirmation of §8 (its words are the specs', about a "product"). */
export const DELETE_CONFIRM = 'Are you sure you want to delete this product?';
export const SAVED_TEMPLATE = 'Template saved successfully!';
export const SENT_TEMPLATES = 'Templates sent successfully!';
