// Demo catalogues of document 2: ambients, templates, tags and products with images, filed under
// the product categories of migration 012.
import { DEFAULT_NOTE } from '../../src/api/contract/rules/product.ts';
import type { Db } from './index.ts';
import type { Storage } from '../storage/files.ts';
import { inPool, productPicture, roomPicture } from './seed-images.ts';
import type { SeededProduct } from './seed-imagery.ts';
import { GENERAL_TAGS, KINDS, PRODUCT_TAGS, kindOf } from './seed-kinds.ts';

const AMBIENTS = ['Living Room', 'Bedroom', 'Kitchen', 'Dining Room', 'Office', 'Bathroom', 'Outdoor', 'Kids Room'];
const TEMPLATE_TAGS = [
  'Modern',
  'Scandinavian',
  'Industrial',
  'Boho',
  'Minimal',
  'Classic',
  'Coastal',
  'Rustic',
  'Bright',
  'Warm',
  'Loft',
  'Cozy',
];
const ADJECTIVES = ['Oslo', 'Harbor', 'Aurora', 'Cedar', 'Luna', 'Monroe', 'Sierra', 'Willow', 'Nova', 'Ember'];
const COLLECTIONS = ['Nordic', 'Urban', 'Heritage', 'Coastline', 'Atelier'];
const FINISHES = ['Matte', 'Satin', 'Gloss', 'Natural', 'Brushed'];

/** Deterministic pseudo-random numbers (mulberry32), so every seeded database is the same. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedTemplate(
  db: Db,
  storage: Storage,
  i: number,
  customerId: number | null,
  nameBase: string,
  rand: () => number,
) {
  const img = await roomPicture(i);
  const path = await storage.save(`templates/${customerId ?? 'public'}`, 'jpg', img);
  const created = new Date(Date.UTC(2019, 0, 1) + Math.floor(rand() * 7 * 365) * 86400000);
  const t = await db.one<{ id: number }>(
    `INSERT INTO templates (customer_id, name, note, public, image_name, image_thumb, collection, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8) RETURNING id`,
    [
      customerId,
      `${nameBase} ${i + 1}`,
      `Scene ${i + 1} notes`,
      customerId === null ? 1 : 0,
      path,
      path.replace(/\.jpg$/, '_thumb.jpg'),
      COLLECTIONS[i % COLLECTIONS.length],
      created,
    ],
  );
  await db.query(
    `INSERT INTO template_ambients (template_id, ambient_id) SELECT $1, id FROM ambients WHERE id = ANY($2::int[])`,
    [t!.id, [1 + (i % AMBIENTS.length), 1 + ((i * 3 + 1) % AMBIENTS.length)]],
  );
  await db.query(
    `INSERT INTO template_tag_links (template_id, tag_id) SELECT $1, id FROM template_tags WHERE id = ANY($2::int[])`,
    [t!.id, [1 + (i % TEMPLATE_TAGS.length), 1 + ((i * 5 + 2) % TEMPLATE_TAGS.length)]],
  );
}

/** Ambients, template tags and the public templates (the product categories are reference data: migration 012). */
export async function seedGlobalCatalog(db: Db, storage: Storage) {
  await db.query('INSERT INTO ambients (name) SELECT unnest($1::text[])', [AMBIENTS]);
  await db.query('INSERT INTO template_tags (name) SELECT unnest($1::text[])', [TEMPLATE_TAGS]);
  const rand = rng(99);
  for (let i = 0; i < 20; i++) await seedTemplate(db, storage, i, null, 'Studio Scene', rand);
}

/** Catalogue pictures per product: front, then three-quarter views (1 to 3 of them). */
const VIEWS = [0, 315, 45];

/** A company's templates and products; every product's name, picture, subcategory and tags agree. */
export async function seedCatalog(
  db: Db,
  storage: Storage,
  o: { customerId: number; prefix: string; seed: number },
): Promise<SeededProduct[]> {
  const rand = rng(o.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  await db.query('INSERT INTO tags (customer_id, name) SELECT $1, unnest($2::text[])', [o.customerId, PRODUCT_TAGS]);
  const tagIds = new Map(
    (await db.query<{ id: number; name: string }>('SELECT id, name FROM tags WHERE customer_id = $1', [o.customerId])).map(
      (r) => [r.name, r.id],
    ),
  );
  const subIds = new Map(
    (await db.query<{ id: number; subcategory: string }>('SELECT id, subcategory FROM product_subcategories')).map((r) => [
      r.subcategory,
      r.id,
    ]),
  );
  for (let i = 0; i < 20; i++)
    await seedTemplate(db, storage, i + 20 * o.seed, o.customerId, `${o.prefix === 'ACM' ? 'Acme' : 'Borealis'} Room`, rand);

  const products: SeededProduct[] = [];
  const pictures: (() => Promise<void>)[] = [];
  for (let i = 0; i < 60; i++) {
    const { kind, colour, variant } = kindOf(i);
    const sku = `${o.prefix}-${1001 + i}`;
    const automation = i % 5 === 0 ? 1 : 0;
    const metric = i % 7 === 0;
    const created = new Date(Date.UTC(2019, 0, 1) + Math.floor(((i + 1) / 60) * 7.8 * 365) * 86400000);
    // A little variety around the kind's size; centimetres for every seventh product.
    const dims = kind.size
      .map((v, k) => v * (1 + ((i + k) % 3) * 0.05))
      .map((v) => String(Math.round((metric ? v * 2.54 : v) * 10) / 10));
    const name = `${pick(ADJECTIVES)} ${kind.noun}`;
    const p = await db.one<{ id: number }>(
      `INSERT INTO products (customer_id, sku, name, collection, automation_system, cancelable_as, height, width, depth, finish, note, measure, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13) RETURNING id`,
      [
        o.customerId,
        sku,
        name,
        pick(COLLECTIONS),
        automation,
        i % 10 === 0 ? 0 : 1,
        dims[0],
        dims[1],
        dims[2],
        pick(FINISHES),
        DEFAULT_NOTE,
        metric ? 'cm' : 'in',
        created,
      ],
    );
    const id = p!.id;
    const images = VIEWS.slice(0, 1 + (i % 3)).map(() => `products/${o.customerId}/${id}/${crypto.randomUUID()}.png`);
    images.forEach((path, k) =>
      pictures.push(async () => {
        const bytes = await productPicture(kind, variant, VIEWS[k]!, sku);
        await storage.write(path, bytes);
        await storage.writeThumb(path, bytes);
      }),
    );
    await db.query('INSERT INTO product_images (product_id, path) SELECT $1, unnest($2::text[])', [id, images]);
    if (automation || i % 4 === 0) {
      const path = await storage.save(`products/${o.customerId}/${id}/files`, 'txt', Buffer.from(`Technical sheet ${sku}\n`));
      await db.query('INSERT INTO product_assets (product_id, path, name) VALUES ($1, $2, $3)', [
        id,
        path,
        `${sku} technical sheet.txt`,
      ]);
    }
    await db.query('INSERT INTO product_subcategory_links (product_id, subcategory_id) VALUES ($1, $2)', [
      id,
      subIds.get(kind.subcategory),
    ]);
    // One material of the kind, and now and then a general tag or one that fits the kind (kids, outdoor).
    const tags = [pick(kind.materials), ...(rand() < 0.5 ? [pick([...GENERAL_TAGS, ...kind.extras])] : [])];
    await db.query('INSERT INTO product_tags (product_id, tag_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [
      id,
      tags.map((t) => tagIds.get(t)),
    ]);
    if (i % 3 === 0) {
      await db.query('INSERT INTO product_descriptions (product_id, title, notes) VALUES ($1, $2, $3)', [
        id,
        'Description',
        kind.description,
      ]);
    }
    products.push({
      id,
      customerId: o.customerId,
      sku,
      name,
      index: i,
      kindIndex: KINDS.indexOf(kind),
      kind,
      colour,
      variant,
      image: images[0]!,
    });
  }
  await inPool(pictures);
  return products;
}
