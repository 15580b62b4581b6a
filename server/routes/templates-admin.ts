// Document 2 §7 "Templates", the staff side: create and edit templates, their ambients and tags.
import type { templates as contract } from '../../src/api/contract/templates.ts';
import type { Db } from '../db/index.ts';
import { templateById } from '../domain/templates.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { CLIENT_REQUIRED, templateFieldErrors, templateNameRules } from '../../src/api/contract/rules/template.ts';
import { fieldError, notFound, refuseBroken } from '../http/errors.ts';
import type { Handlers } from '../http/routes.ts';
import { thumbOf, txWithFiles } from '../storage/files.ts';

type Admin = Pick<
  Handlers<typeof contract>,
  'add' | 'edit' | 'addAmbient' | 'addTag' | 'removeAmbient' | 'removeTag' | 'createAmbient' | 'createTag'
>;

/** The contract's template rules (a name that is not blank, a private one's client), then the owning company: none for a public template; an existing company for a private one. */
async function ownerFor(db: Db, b: { name: string; note?: string; public: 0 | 1; id_customer?: number }): Promise<number | null> {
  refuseBroken(templateFieldErrors(b));
  if (b.public === 1) return null;
  if (b.id_customer === undefined) throw fieldError('id_customer', CLIENT_REQUIRED);
  if (!(await db.one('SELECT 1 FROM customers WHERE id = $1', [b.id_customer]))) {
    throw fieldError('id_customer', 'The selected id_customer is invalid.');
  }
  return b.id_customer;
}

async function loaded(db: Db, id: number) {
  const template = await templateById(db, id);
  if (!template) throw notFound('Template');
  return { success: true as const, template };
}

// Link tables and the table each link points to; names are constants, never input.
const LINKS = {
  ambient: { table: 'template_ambients', column: 'ambient_id', target: 'ambients', what: 'Ambient' },
  tag: { table: 'template_tag_links', column: 'tag_id', target: 'template_tags', what: 'Tag' },
} as const;

async function link(db: Db, kind: keyof typeof LINKS, templateId: number, id: number, add: boolean) {
  const l = LINKS[kind];
  if (!(await db.one(`SELECT 1 FROM ${l.target} WHERE id = $1`, [id]))) throw notFound(l.what);
  await db.tx(async (x) => {
    const changed = add
      ? await x.query(`INSERT INTO ${l.table} (template_id, ${l.column}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [
          templateId,
          id,
        ])
      : await x.query(`DELETE FROM ${l.table} WHERE template_id = $1 AND ${l.column} = $2 RETURNING 1`, [templateId, id]);
    if (changed.length) await x.query('UPDATE templates SET updated_at = now() WHERE id = $1', [templateId]);
  });
  return { success: true as const };
}

async function create(db: Db, table: 'ambients' | 'template_tags', raw: string) {
  refuseBroken(tableErrors(templateNameRules, { name: raw }));
  const name = raw.trim();
  // The unique index is on lower(name), so a case-insensitive duplicate (even a racing one) inserts nothing.
  const row = await db.one<{ id: number; name: string }>(
    `INSERT INTO ${table} (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id, name`,
    [name],
  );
  if (!row) throw fieldError('name', 'The name has already been taken.');
  return row;
}

export const templateAdminHandlers: Admin = {
  async add({ db, storage, body, files }) {
    const customerId = await ownerFor(db, body);
    const image = files.image!;
    const row = await txWithFiles({ db, storage }, async (t, pending) => {
      const path = await pending.save(`templates/${customerId ?? 'public'}`, image.ext, image.bytes);
      return t.one<{ id: number }>(
        `INSERT INTO templates (customer_id, name, note, public, image_name, image_thumb) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [customerId, body.name.trim(), body.note ?? '', body.public, path, thumbOf(path)],
      );
    });
    return loaded(db, row!.id);
  },

  async edit({ db, body }) {
    const customerId = await ownerFor(db, body);
    await db.tx(async (x) => {
      const before = await x.one<{ customer_id: number | null }>(
        'SELECT customer_id FROM templates WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
        [body.id],
      );
      if (!before) throw notFound('Template');
      await x.query(
        `UPDATE templates SET name = $2, note = COALESCE($3, note), public = $4, customer_id = $5, updated_at = now() WHERE id = $1`,
        [body.id, body.name.trim(), body.note ?? null, body.public, customerId],
      );
      // Becoming private hides it from others: they drop it on their next delta sync (NULL: every company).
      if (customerId !== null && before.customer_id !== customerId) {
        await x.query(`INSERT INTO tombstones (entity, entity_id, customer_id) VALUES ('template', $1, $2)`, [
          body.id,
          before.customer_id,
        ]);
      }
    });
    return loaded(db, body.id);
  },

  addAmbient: ({ db, body }) => link(db, 'ambient', body.id_template, body.id_ambient, true),
  addTag: ({ db, body }) => link(db, 'tag', body.id_template, body.id_tag, true),
  removeAmbient: ({ db, query }) => link(db, 'ambient', query.id_template, query.id_ambient, false),
  removeTag: ({ db, query }) => link(db, 'tag', query.id_template, query.id_tag, false),

  async createAmbient({ db, body }) {
    return { success: true, ambient: await create(db, 'ambients', body.name) };
  },
  async createTag({ db, body }) {
    return { success: true, tag: await create(db, 'template_tags', body.name) };
  },
};
