// The demo data of DESIGN.md (companies, accounts, products, imagery), seeded on a database with no
// company yet when SEED_DEMO allows (prepare.ts). Every demo password is demo1234. The reference data
// it relies on (permissions, terms version, product categories, tutorial) comes from migration 012.
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { DEMO_LAYER_PX, type Config } from '../config.ts';
import { addMember, createCompany, createUser, grant } from '../domain/accounts.ts';
import type { Storage } from '../storage/files.ts';
import { openStorage } from '../storage/open.ts';
import type { Db } from './index.ts';
import { portrait } from './seed-images.ts';
import { seedCatalog, seedGlobalCatalog } from './seed-catalog.ts';
import { seedReview } from './seed-review.ts';
import { seedShell } from './seed-shell.ts';
import { seedDemoAssets, seedProductImagery } from './seed-imagery.ts';

export const DEMO_PASSWORD = 'demo1234';
const READER_SLUGS = SLUGS.filter((s) => s.startsWith('reader-'));

export async function seedIfEmpty(
  db: Db,
  config: Pick<Config, 'storageDir' | 'storageUrl' | 's3' | 'demoLayerPx'>,
): Promise<boolean> {
  if (await db.one('SELECT 1 FROM customers LIMIT 1')) return false;
  await seedDemo(db, openStorage(config), config.demoLayerPx);
  return true;
}

/** The demo, its layer rows naming `layerPx`-pixel layers (DEMO_LAYER_PX). */
export async function seedDemo(db: Db, storage: Storage, layerPx: number = DEMO_LAYER_PX.default): Promise<void> {
  // The shared imagery (layers, rooms, video) is drawn on sharp's threads while the rows go in.
  const assets = seedDemoAssets(storage);
  assets.catch(() => undefined); // awaited below; a failure of the transaction first must not leave it unhandled
  await db.tx(async (t) => {
    const acme = await createCompany(t, { name: 'Acme Living', country: 'United States', city: 'Austin', sector: 'Furniture' });
    const borealis = await createCompany(t, { name: 'Borealis Home', country: 'Canada', city: 'Montreal', sector: 'Home decor' });
    const viewerRole = await t.one<{ id: number }>(`INSERT INTO roles (customer_id, name) VALUES ($1, 'Viewer') RETURNING id`, [
      acme.id,
    ]);
    await grant(t, viewerRole!.id, READER_SLUGS);

    const people = [
      { email: 'staff@facet.test', name: 'Sam Staff', type: 'staff' as const, office: 'Studio lead' },
      { email: 'manager@acme.test', name: 'Alice Manager', office: 'Catalogue manager', in: [[acme.id, acme.fullRoleId]] },
      { email: 'viewer@acme.test', name: 'Victor Viewer', office: 'Merchandiser', in: [[acme.id, viewerRole!.id]] },
      {
        email: 'manager@borealis.test',
        name: 'Bella Manager',
        office: 'Head of e-commerce',
        in: [[borealis.id, borealis.fullRoleId]],
      },
      {
        email: 'multi@facet.test',
        name: 'Max Multi',
        office: 'Consultant',
        in: [
          [acme.id, acme.fullRoleId],
          [borealis.id, borealis.fullRoleId],
        ],
      },
    ];
    for (const [i, p] of people.entries()) {
      const id = await createUser(t, {
        name: p.name,
        email: p.email,
        password: DEMO_PASSWORD,
        office: p.office,
        type: p.type,
        phone: `+1 555 010${i}`,
      });
      const photo = await storage.save(`users/${p.type === 'staff' ? 'ilustraviz-staff' : 'clients'}`, 'png', await portrait(i));
      await t.query(
        `UPDATE users SET photo = $2, country = $3, discord = $4, nickname = $5, teams = $6::jsonb, version_terms_use = '1' WHERE id = $1`,
        [
          id,
          photo,
          i % 2 ? 'Canada' : 'United States',
          `${p.name.split(' ')[0]!.toLowerCase()}#${1000 + i}`,
          p.name.split(' ')[0],
          JSON.stringify([{ team: i ? 'Catalogue' : 'Studio' }, { team: 'Imagery' }]),
        ],
      );
      for (const [customerId, roleId] of p.in ?? []) await addMember(t, id, customerId!, roleId!);
    }

    await seedGlobalCatalog(t, storage);
    const products = [];
    for (const [i, c] of [acme, borealis].entries()) {
      products.push(await seedCatalog(t, storage, { customerId: c.id, prefix: i ? 'BOR' : 'ACM', seed: i + 1 }));
    }
    for (const list of products) await seedProductImagery(t, storage, await assets, list, layerPx);
    await seedShell(t, storage, [acme.id, borealis.id]);
    await seedReview(t, storage, products, layerPx);
  });
}
