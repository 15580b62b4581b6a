// `npm run seed:large -- --products N [--company "Acme Living"]`: fills a company with N
// products for benchmarks, in set-based batches (100k rows take seconds, not minutes).
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from './index.ts';
import { prepareDatabase } from './prepare.ts';
import { KINDS } from './seed-kinds.ts';

const BATCH = 20_000;

/**
 * Adds n products to a company. Like the demo, a product's name, subcategory and picture agree: the
 * kind is g mod the number of kinds, and the picture is one of the company's seeded products of that kind.
 */
export async function seedLargeCatalog(db: Db, customerId: number, n: number): Promise<void> {
  const subIds = new Map(
    (await db.query<{ id: number; subcategory: string }>('SELECT id, subcategory FROM product_subcategories')).map((r) => [
      r.subcategory,
      r.id,
    ]),
  );
  const pictures = new Map(
    (
      await db.query<{ subcategory: string; path: string }>(
        `SELECT DISTINCT ON (s.subcategory) s.subcategory, pi.path FROM product_images pi
       JOIN products p ON p.id = pi.product_id JOIN product_subcategory_links l ON l.product_id = p.id
       JOIN product_subcategories s ON s.id = l.subcategory_id WHERE p.customer_id = $1 ORDER BY s.subcategory, pi.id`,
        [customerId],
      )
    ).map((r) => [r.subcategory, r.path]),
  );
  const nouns = KINDS.map((k) => k.noun);
  const subs = KINDS.map((k) => subIds.get(k.subcategory) ?? null);
  const images = KINDS.map((k) => pictures.get(k.subcategory) ?? null);
  const base = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE customer_id = $1', [customerId]))!.n;
  for (let from = 0; from < n; from += BATCH) {
    const count = Math.min(BATCH, n - from);
    await db.tx(async (t) => {
      const rows = await t.query<{ id: number; k: number }>(
        `INSERT INTO products (customer_id, sku, name, collection, automation_system, height, width, depth, finish, note, measure, created_at, updated_at)
         SELECT $1, 'LRG-' || lpad((g + $2)::text, 7, '0'),
                (ARRAY['Oslo','Harbor','Aurora','Cedar','Luna','Monroe','Sierra','Willow'])[1 + g % 8] || ' ' ||
                ($5::text[])[1 + g % array_length($5::text[], 1)] || ' ' || g,
                (ARRAY['Nordic','Urban','Heritage','Coastline','Atelier'])[1 + g % 5],
                CASE WHEN g % 5 = 0 THEN 1 ELSE 0 END, '30', '40', '20', 'Matte', '', 'in',
                timestamptz '2019-01-01' + (g % 2800) * interval '1 day', now()
           FROM generate_series($3::int, $4::int) AS g
         RETURNING id, (substring(sku from 5)::int - $2) % array_length($5::text[], 1) AS k`,
        [customerId, base, from + 1, from + count, nouns],
      );
      const ids = rows.map((r) => r.id);
      const kinds = rows.map((r) => r.k + 1);
      await t.query(
        `INSERT INTO product_images (product_id, path) SELECT id, ($3::text[])[k] FROM unnest($1::int[], $2::int[]) AS x(id, k)
          WHERE ($3::text[])[k] IS NOT NULL`,
        [ids, kinds, images],
      );
      await t.query(
        `INSERT INTO product_subcategory_links (product_id, subcategory_id) SELECT id, ($3::int[])[k] FROM unnest($1::int[], $2::int[]) AS x(id, k)
          WHERE ($3::int[])[k] IS NOT NULL`,
        [ids, kinds, subs],
      );
    });
  }
  await db.exec('ANALYZE products, product_images, product_subcategory_links');
}

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '10000' }, company: { type: 'string', default: 'Acme Living' } },
  });
  const config = loadConfig();
  const db = await openDatabase(config);
  await prepareDatabase(db, config);
  const company = await db.one<{ id: number }>('SELECT id FROM customers WHERE name = $1', [values.company]);
  // On PostgreSQL the demo is seeded only with SEED_DEMO=true.
  if (!company) throw new Error(`No company named ${values.company} (SEED_DEMO=true seeds the demo into an empty database)`);
  const t0 = Date.now();
  await seedLargeCatalog(db, company.id, Number(values.products));
  console.log(`Added ${values.products} products to ${values.company} in ${Date.now() - t0} ms (${db.kind}).`);
  await db.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
