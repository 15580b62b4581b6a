// Builds the demo's AR model for iOS once (run: npx tsx scripts/make-demo-usdz.ts); the .usdz is committed
// and the seed stores it as the Armchair's file_usdz (issue 43). The model is the kind's own (its first
// finish, its nominal size), the one the seed's glb of that kind is drawn from.
import { writeFileSync } from 'node:fs';
import { partsOf } from '../server/db/demo-layers.ts';
import { KINDS } from '../server/db/seed-kinds.ts';
import { DEMO_USDZ, DEMO_USDZ_KIND } from '../server/db/demo-assets.ts';
import { usdaOf, usdzOf } from '../server/db/usdz.ts';

const kind = KINDS.find((k) => k.slug === DEMO_USDZ_KIND)!;
const usda = usdaOf(partsOf(kind, kind.colours[0]), kind.noun);
const bytes = usdzOf([{ name: `${kind.slug}.usda`, data: Buffer.from(usda) }]);
writeFileSync(DEMO_USDZ, bytes);
console.log(`${DEMO_USDZ}: ${bytes.length} bytes`);
