// The template row shape shared by the template and catalogue calls: one query, with the tags
// and ambients gathered by json_agg sub-selects (no query per template).
import type { Static } from '@sinclair/typebox';
import type { Template } from '../../src/api/contract/templates.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';

export type TemplateOut = Static<typeof Template>;

const SELECT = `
  SELECT t.id, t.name, t.note, t.public, t.image_name, t.image_thumb, t.collection,
         t.created_at, t.updated_at, t.customer_id AS id_customer,
         COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.id)
                     FROM template_tag_links l JOIN template_tags g ON g.id = l.tag_id
                    WHERE l.template_id = t.id), '[]'::json) AS tags,
         COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name) ORDER BY a.id)
                     FROM template_ambients l JOIN ambients a ON a.id = l.ambient_id
                    WHERE l.template_id = t.id), '[]'::json) AS ambients
    FROM templates t`;

/** Public templates are every company's; a private one only its own. -1 (staff) sees all. */
const VISIBLE = `t.deleted_at IS NULL AND ($1::int = ${PROVIDER_CONTEXT} OR t.public = 1 OR t.customer_id = $1::int)`;

type Row = Omit<TemplateOut, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };

const out = (r: Row): TemplateOut => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function listTemplates(db: Db, customerId: number, since?: Date): Promise<TemplateOut[]> {
  const rows = await db.query<Row>(
    `${SELECT} WHERE ${VISIBLE} AND ($2::timestamptz IS NULL OR t.updated_at >= $2::timestamptz + interval '1 millisecond') ORDER BY t.id DESC`,
    [customerId, since ?? null],
  );
  return rows.map(out);
}

/** Delta sync: live templates changed since that the company can no longer see (made private elsewhere). */
export const hiddenTemplatesSince = (customerId: number, since: Date) => ({
  sql: `SELECT t.id FROM templates t WHERE t.updated_at >= $2::timestamptz + interval '1 millisecond' AND t.deleted_at IS NULL
          AND NOT ($1::int = ${PROVIDER_CONTEXT} OR t.public = 1 OR t.customer_id = $1::int)`,
  params: [customerId, since],
});

/** One live template, whoever owns it (the guard has already checked visibility). */
export async function templateById(db: Db, id: number): Promise<TemplateOut | undefined> {
  const row = await db.one<Row>(`${SELECT} WHERE t.id = $1 AND t.deleted_at IS NULL`, [id]);
  return row && out(row);
}

/** The ids among `ids` that name live templates visible to the company. */
export async function visibleTemplates(db: Db, customerId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM templates t WHERE ${VISIBLE} AND t.id = ANY($2::int[]) ORDER BY t.id`,
    [customerId, ids],
  );
}
