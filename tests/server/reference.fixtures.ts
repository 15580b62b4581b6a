// The reference rows migration 012 writes (privileges, the terms version, the tutorial, the
// categories), counted: for the first-start tests on an empty database.
import { SLUGS } from '../../src/api/contract/slugs.ts';
import type { Db } from '../../server/db/index.ts';

/** The reference rows migration 012 writes, counted. */
export async function referenceCounts(db: Db) {
  return db.one<Record<string, number>>(`SELECT
    (SELECT count(*)::int FROM privileges) AS privileges,
    (SELECT count(*)::int FROM settings WHERE key = 'terms_version') AS terms,
    (SELECT count(*)::int FROM tutorials) AS tutorials,
    (SELECT count(*)::int FROM product_categories) AS categories,
    (SELECT count(*)::int FROM product_subcategories) AS subcategories`);
}
export const REFERENCE = { privileges: SLUGS.length, terms: 1, tutorials: 1, categories: 5, subcategories: 16 };
