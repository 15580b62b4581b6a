// Fills a company with n private templates for the template-catalogue bench, set-based: each with two
// ambients and two template tags, dated across the years, image paths shared with the seeded ones.
import type { Db } from '../../server/db/index.ts';

export async function seedLargeTemplates(db: Db, customerId: number, n: number): Promise<void> {
  const image = (await db.one<{ image_name: string; image_thumb: string }>(
    'SELECT image_name, image_thumb FROM templates ORDER BY id LIMIT 1',
  ))!;
  await db.tx(async (t) => {
    const ids = await t.query<{ id: number }>(
      `INSERT INTO templates (customer_id, name, note, public, image_name, image_thumb, created_at, updated_at)
       SELECT $1, (ARRAY['Nordic','Harbor','Aurora','Cedar','Luna','Monroe','Sierra','Willow'])[1 + g % 8] || ' ' ||
                  (ARRAY['Loft','Studio','Kitchen','Terrace','Bedroom','Lounge','Office','Bath','Atelier'])[1 + g % 9] || ' ' || g,
              'Scene ' || g, 0, $2, $3, timestamptz '2019-01-01' + (g % 2500) * interval '1 day', now()
         FROM generate_series(1, $4::int) AS g
       RETURNING id`,
      [customerId, image.image_name, image.image_thumb, n],
    );
    const idList = ids.map((r) => r.id);
    await t.query(
      `INSERT INTO template_ambients (template_id, ambient_id)
       SELECT u.tid, a.id FROM unnest($1::int[]) AS u(tid)
         JOIN LATERAL (SELECT id FROM ambients ORDER BY id OFFSET u.tid % 6 LIMIT 2) a ON true`,
      [idList],
    );
    await t.query(
      `INSERT INTO template_tag_links (template_id, tag_id)
       SELECT u.tid, g.id FROM unnest($1::int[]) AS u(tid)
         JOIN LATERAL (SELECT id FROM template_tags ORDER BY id OFFSET u.tid % 10 LIMIT 2) g ON true`,
      [idList],
    );
  });
}
