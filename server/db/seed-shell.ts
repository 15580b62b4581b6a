// Demo data of document 1: dashboard figures, achievements, retailers (the tutorial is reference data: migration 012).
import type { Db } from './index.ts';
import type { Storage } from '../storage/files.ts';
import { badge } from './seed-images.ts';

const RETAILERS = [
  ['Wayfair', 'jpg', 1600, 1600, 72, 24, 5, 48, '<note>_<frame_num2>.<ext>'],
  ['Amazon', 'jpg', 2000, 2000, 72, 24, 10, 24, '<note>_<frame_num3>.<ext>'],
  ['Target', 'png', 1500, 1500, 72, 32, 5, 24, 'TGT_<frame_num2>.<ext>'],
  ['Home Depot', 'jpg', 1000, 1000, 96, 24, 2, 12, 'HD_<frame_num4>.<ext>'],
  ['Overstock', 'png', 1200, 1200, 72, 24, 3, 48, 'OS_<note>_<frame_num2>.<ext>'],
] as const;

const ACHIEVEMENTS = [
  ['First Product', 'Registered the first product'],
  ['Catalogue Builder', 'Registered 50 products'],
  ['Curator', 'Created 10 presets'],
  ['Reviewer', 'Approved a review round'],
  ['Explorer', 'Browsed every template category'],
  ['Early Adopter', 'Joined in the first year'],
];

export async function seedShell(db: Db, storage: Storage, customers: number[]) {
  for (const r of RETAILERS) {
    await db.query(
      `INSERT INTO retailers (retailer, file_type, height, width, dpi, color_depth, file_size, images_per_row, file_name)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [...r],
    );
  }
  for (const [i, [name, description]] of ACHIEVEMENTS.entries()) {
    const image = `achievements/${i + 1}.png`;
    await storage.write(image, await badge(i));
    await db.query('INSERT INTO achievements (name, description, image) VALUES ($1, $2, $3)', [name, description, image]);
  }
  // Every demo user has earned the first few achievements.
  await db.query(`INSERT INTO user_achievements (user_id, achievement_id)
    SELECT u.id, a.id FROM users u JOIN achievements a ON a.id <= 2 + (u.id % 3)`);

  for (const [n, customerId] of customers.entries()) {
    for (const [i, title] of ['Modeling', 'Texturing', 'Silo Images', 'Lifestyle', '360 Spins'].entries()) {
      await db.query(`INSERT INTO dashboard_tasks (customer_id, title, not_started, in_progress, done) VALUES ($1,$2,$3,$4,$5)`, [
        customerId,
        title,
        3 + ((i + n) % 5),
        2 + ((i * 3 + n) % 7),
        10 + i * 4 + n,
      ]);
    }
    for (const [i, title] of ['Spring Collection', 'Outdoor 2026', 'Holiday Lighting', 'Bedroom Basics'].entries()) {
      await db.query(
        `INSERT INTO dashboard_progress (customer_id, title, modeling_and_texturing, silo_image, lifestyle) VALUES ($1,$2,$3,$4,$5)`,
        [customerId, title, Math.min(100, 40 + i * 20 + n * 5), Math.min(100, 20 + i * 25), 10 + i * 15],
      );
    }
    for (let i = 0; i < 8; i++) {
      const status = (i + n) % 7;
      // link_review names the round's real id (issue 42); total_models counts its models (seed-review.ts).
      await db.query(
        `INSERT INTO dashboard_rounds (customer_id, title, subtitle, round_current, total_models, upcoming_dates, status_service, start_date, end_date)
         VALUES ($1,$2,$3,$4,0,$5,$6, date '2026-09-01' + $7::int, date '2026-09-15' + $7::int)`,
        [
          customerId,
          `Batch ${String.fromCharCode(65 + i)}`,
          `B-${2026}${String(i + 1).padStart(2, '0')}`,
          status === 0 ? 0 : 1 + (i % 6),
          `${10 + i} Dec 2026`,
          status,
          i * 7,
        ],
      );
    }
    await db.query(`UPDATE dashboard_rounds SET link_review = '/review/' || customer_id || '/' || id WHERE customer_id = $1`, [
      customerId,
    ]);
  }
}
