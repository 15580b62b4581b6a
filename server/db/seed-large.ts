// `npm run seed:large -- --products N [--company "Acme Living"]`: fills a company with N
// products for benchmarks, in set-based batches (100k rows take seconds, not minutes).
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from './index.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed.ts';

const BATCH = 20_000;

/** Adds n products to a company. Their images point at the company's seeded pictures (shared files). */
export async function seedLargeCatalog(db: Db, customerId: number, n: number): Promise<void> {
  const images = (await db.query<{ path: string }>(
    `SELECT pi.path FROM product_images pi JOIN products p ON p.id = pi.product_id WHERE p.customer_id = $1 ORDER BY pi.id LIMIT 12`,
    [customerId])).map((r) => r.path);
  const base = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE customer_id = $1', [customerId]))!.n;
  for (let from = 0; from < n; from += BATCH) {
    const count = Math.min(BATCH, n - from);
    await db.tx(async (t) => {
      const ids = await t.query<{ id: number }>(
        `INSERT INTO products (customer_id, sku, name, collection, automation_system, height, width, depth, finish, note, measure, created_at, updated_at)
         SELECT $1, 'LRG-' || lpad((g + $2)::text, 7, '0'),
                (ARRAY['Oslo','Harbor','Aurora','Cedar','Luna','Monroe','Sierra','Willow'])[1 + g % 8] || ' ' ||
                (ARRAY['Sofa','Armchair','Coffee Table','Floor Lamp','Vase','Bed','Rug','Mirror','Sideboard'])[1 + g % 9] || ' ' || g,
                (ARRAY['Nordic','Urban','Heritage','Coastline','Atelier'])[1 + g % 5],
                CASE WHEN g % 5 = 0 THEN 1 ELSE 0 END, '30', '40', '20', 'Matte', '', 'in',
                timestamptz '2019-01-01' + (g % 2800) * interval '1 day', now()
           FROM generate_series($3::int, $4::int) AS g
         RETURNING id`,
        [customerId, base, from + 1, from + count]);
      const idList = ids.map((r) => r.id);
      if (images.length) {
        await t.query(
          `INSERT INTO product_images (product_id, path) SELECT id, ($2::text[])[1 + id % array_length($2::text[], 1)] FROM unnest($1::int[]) AS id`,
          [idList, images]);
      }
      await t.query(
        `INSERT INTO product_subcategory_links (product_id, subcategory_id)
         SELECT id, (SELECT min(id) FROM product_subcategories) + id % (SELECT count(*) FROM product_subcategories) FROM unnest($1::int[]) AS id`,
        [idList]);
    });
  }
  await db.exec('ANALYZE products, product_images, product_subcategory_links');
}

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' }, company: { type: 'string', default: 'Acme Living' } } });
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  await seedIfEmpty(db, config);
  const company = await db.one<{ id: number }>('SELECT id FROM customers WHERE name = $1', [values.company]);
  if (!company) throw new Error(`No company named ${values.company}`);
  const t0 = Date.now();
  await seedLargeCatalog(db, company.id, Number(values.products));
  console.log(`Added ${values.products} products to ${values.company} in ${Date.now() - t0} ms (${db.kind}).`);
  await db.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
