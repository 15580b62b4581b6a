// The template screens' rules (document 2 §3, §4, §5, §8): defaults, the checks before SEND with their
// messages, the ambient/tag Enter rule, the edit difference, and who sees a delete button.
import { describe, expect, it } from 'vitest';
import {
  canDeleteTemplate,
  chipRef,
  diffTemplate,
  editErrors,
  editOf,
  enterName,
  fieldErrors,
  newTemplate,
  NO_AMBIENTS,
  NO_IMAGE,
  templateProblems,
  toTemplateDraft,
  withClient,
  type NameChip,
  type TemplateItem,
} from '../../src/features/templates/template-rules.ts';
import type { TemplateRow } from '../../src/data/local/types.ts';

const customers = [
  { id: 7, company: 'Acme Living' },
  { id: 9, company: 'Borealis Home' },
];
const ambients: NameChip[] = [
  { key: 1, label: 'Living Room' },
  { key: 2, label: 'Kitchen' },
  { key: 3, label: 'Kids Room' },
];
const file = (name: string, type: string) => new File(['x'], name, { type });

describe('a new template', () => {
  it('is private for the first customer (public 0, customer index 1)', () => {
    expect(newTemplate('a', customers)).toMatchObject({ public: 0, clientId: 7, name: '', ambients: [], tags: [] });
  });

  // Issue 43: made before the customers list arrived, it had no client while the select showed the first.
  it('made before the list arrived: the client the select shows is the one checked and sent', () => {
    const early = { ...newTemplate('a', []), name: 'Loft', imageId: 1, ambients: [ambients[0]!] };
    expect(early.clientId).toBeUndefined();
    expect(
      templateProblems([early])
        .get('a')
        ?.map((p) => p.summary),
    ).toEqual(['Template 1: The client field is required for a private template.']);
    const shown = withClient(early, customers);
    expect(shown.clientId).toBe(7);
    expect(templateProblems([shown]).size).toBe(0);
    expect(toTemplateDraft(shown, file('a.png', 'image/png')).clientId).toBe(7);
  });

  it('keeps a chosen client, a public template, and a template while the list is empty', () => {
    const chosen = { ...newTemplate('a', customers), clientId: 9 };
    expect(withClient(chosen, customers)).toBe(chosen);
    const pub = { ...newTemplate('a', []), public: 1 as const };
    expect(withClient(pub, customers)).toBe(pub);
    const early = newTemplate('a', []);
    expect(withClient(early, [])).toBe(early);
    // A client no longer in the list: the select shows the first, so the first is sent.
    expect(withClient({ ...chosen, clientId: 99 }, customers).clientId).toBe(7);
  });
});

describe('the checks before SEND', () => {
  const ok = (uid: string): TemplateItem => ({
    ...newTemplate(uid, customers),
    name: 'Loft',
    imageId: 1,
    ambients: [ambients[0]!],
  });

  const summaries = (items: TemplateItem[]) =>
    new Map([...templateProblems(items)].map(([k, v]) => [k, v.map((p) => p.summary)]));

  it("flags each failing template with the specs' messages, numbered from 1", () => {
    const items = [
      ok('a'),
      { ...ok('b'), imageId: undefined },
      { ...ok('c'), ambients: [] },
      { ...ok('d'), imageId: undefined, ambients: [] },
    ];
    const p = summaries(items);
    expect([...p.keys()]).toEqual(['b', 'c', 'd']);
    expect(p.get('b')).toEqual(['Template 2 has no image']);
    expect(p.get('c')).toEqual(['Template 3 has no ambients']);
    expect(p.get('d')).toEqual([NO_IMAGE(4), NO_AMBIENTS(4)]);
    expect(NO_IMAGE(4)).toBe('Template 4 has no image');
  });

  it("adds the contract's field rules in the server's words: shown at the field, named by template in the popup", () => {
    const p = templateProblems([ok('a'), { ...ok('b'), name: '   ', note: 'n'.repeat(2001) }]).get('b')!;
    expect(p).toEqual([
      { field: 'name', message: 'The name field is required.', summary: 'Template 2: The name field is required.' },
      {
        field: 'note',
        message: 'The notes field must not be greater than 2000 characters.',
        summary: 'Template 2: The notes field must not be greater than 2000 characters.',
      },
    ]);
    expect(summaries([{ ...ok('a'), public: 0, clientId: undefined }]).get('a')).toEqual([
      'Template 1: The client field is required for a private template.',
    ]);
  });

  it('shows the lengths as typed, and what is missing only once sent', () => {
    expect(fieldErrors({ ...ok('a'), name: 'n'.repeat(256) }, false)).toEqual({
      name: 'The name field must not be greater than 255 characters.',
    });
    expect(fieldErrors({ ...ok('a'), name: ' ', public: 0, clientId: undefined }, false)).toEqual({});
    const edit = { name: '', note: '', public: 1 as const, ambients: [], tags: [] };
    expect(editErrors(edit, true)).toEqual({
      name: 'The name field is required.',
      ambients: 'The template needs at least one ambient',
    });
    expect(editErrors(edit, false)).toEqual({});
  });

  it('does not enforce tags although the label shows them as required', () => {
    expect(templateProblems([{ ...ok('a'), tags: [] }]).size).toBe(0);
  });
});

describe('Enter in the ambient or tag input', () => {
  it('picks the first matching unselected entry', () => {
    expect(enterName([], ambients, 'room')).toEqual({ next: [ambients[0]], create: undefined });
    expect(enterName([ambients[0]!], ambients, 'room').next).toEqual([ambients[0], ambients[2]]);
    expect(enterName([], ambients, 'KITCH').next).toEqual([ambients[1]]);
  });

  it('otherwise creates a new one with the typed name, trimmed', () => {
    expect(enterName([ambients[0]!], ambients, '  Sunroom ')).toEqual({
      next: [ambients[0], { key: 'new:Sunroom', label: 'Sunroom' }],
      create: 'Sunroom',
    });
  });

  it('adds nothing when every match is chosen and the name is one of them', () => {
    expect(enterName([ambients[1]!], ambients, 'kitchen')).toEqual({ next: [ambients[1]], create: undefined });
  });
});

describe('what a template sends', () => {
  it('sends a client only for a private template, and names for chips still being created', () => {
    const img = file('a.png', 'image/png');
    const t: TemplateItem = {
      ...newTemplate('a', customers),
      name: ' Loft ',
      imageId: 1,
      ambients: [ambients[0]!, { key: -1_700_000_000_000, label: 'Sunroom' }],
      tags: [{ key: 'new:cosy', label: 'cosy' }],
    };
    expect(toTemplateDraft(t, img)).toEqual({
      name: 'Loft',
      note: '',
      public: 0,
      clientId: 7,
      image: img,
      ambients: [1, 'Sunroom'],
      tags: ['cosy'],
    });
    expect(toTemplateDraft({ ...t, public: 1 }, img).clientId).toBeUndefined();
    expect(chipRef({ key: 5, label: 'x' })).toBe(5);
  });

  it('an edit sends the info and only the ambient and tag differences', () => {
    const row = {
      id: 4,
      cid: -1,
      name: 'Loft',
      note: '',
      public: 1,
      image_name: 'a.png',
      image_thumb: 'a_thumb.png',
      collection: null,
      created_at: '',
      updated_at: '',
      ambients: [
        { id: 1, name: 'Living Room' },
        { id: 2, name: 'Kitchen' },
      ],
      tags: [{ id: 10, name: 'cosy' }],
      id_customer: null,
    } as TemplateRow;
    const e = editOf(row, customers);
    expect(e).toMatchObject({ public: 1, clientId: 7 });
    const change = diffTemplate(row, {
      ...e,
      name: 'Loft 2',
      public: 0,
      clientId: 9,
      ambients: [e.ambients[1]!, ambients[2]!],
      tags: [...e.tags, { key: 'new:warm', label: 'warm' }],
    });
    expect(change).toEqual({
      name: 'Loft 2',
      note: '',
      public: 0,
      clientId: 9,
      addAmbients: [3],
      removeAmbients: [1],
      addTags: ['warm'],
      removeTags: [],
    });
  });
});

describe('the delete button', () => {
  it('needs delete-template-access; customers only on their own private templates', () => {
    const own = { public: 0 as const, id_customer: 7 };
    expect(canDeleteTemplate(own, { slug: true, customerId: 7, admin: false })).toBe(true);
    expect(canDeleteTemplate(own, { slug: false, customerId: 7, admin: false })).toBe(false);
    expect(canDeleteTemplate({ public: 1, id_customer: null }, { slug: true, customerId: 7, admin: false })).toBe(false);
    expect(canDeleteTemplate({ public: 0, id_customer: 9 }, { slug: true, customerId: 7, admin: false })).toBe(false);
    expect(canDeleteTemplate({ public: 1, id_customer: null }, { slug: true, customerId: -1, admin: true })).toBe(true);
  });
});
