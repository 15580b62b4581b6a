// Document 1 §7: retailers (global). Anyone signed in reads them; staff manage them.
import { retailers as contract } from '../../src/api/contract/retailers.ts';
import { retailerErrors, retailerWords } from '../../src/api/contract/rules/retailer.ts';
import type { Body, Reply } from '../../src/api/contract/define.ts';
import { notFound, refuseBroken } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

type Fields = Body<typeof contract.add>;
type Row = Reply<typeof contract.edit>['data'];

// numeric comes back as a string from some drivers; the contract says number.
const COLUMNS = `id, retailer, file_type, height, width, dpi, color_depth, file_size::float8 AS file_size,
  images_per_row, file_name, no_upscale`;

/** The contract's retailer rules (a name that is not blank, the file name's tokens and form), trimmed as stored. */
function clean(b: Fields): Fields {
  refuseBroken(retailerErrors(b));
  return { ...b, retailer: b.retailer.trim(), file_name: b.file_name.trim() };
}

const values = (f: Fields) => [
  f.retailer,
  f.file_type,
  f.height,
  f.width,
  f.dpi,
  f.color_depth,
  f.file_size,
  f.images_per_row,
  f.file_name,
  f.no_upscale ?? null,
];

export const retailerRoutes = implement(contract, {
  async list({ db }) {
    return { success: true, data: await db.query<Row>(`SELECT ${COLUMNS} FROM retailers ORDER BY lower(retailer), id`) };
  },

  async add({ db, body }) {
    const row = await db.one<{ id: number }>(
      `INSERT INTO retailers (retailer, file_type, height, width, dpi, color_depth, file_size, images_per_row, file_name, no_upscale)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, false)) RETURNING id`,
      values(clean(body)),
    );
    return { success: true, data: { id: row!.id } };
  },

  async edit({ db, body }) {
    const row = await db.one<Row>(
      `UPDATE retailers SET retailer = $2, file_type = $3, height = $4, width = $5, dpi = $6, color_depth = $7,
              file_size = $8, images_per_row = $9, file_name = $10, no_upscale = coalesce($11, no_upscale), updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [body.id, ...values(clean(body))],
    );
    if (!row) throw notFound('Retailer');
    return { success: true, data: row };
  },

  async remove({ db, body }) {
    const gone = await db.one('DELETE FROM retailers WHERE id = $1 RETURNING id', [body.id]);
    if (!gone) throw notFound('Retailer');
    return { success: true, message: retailerWords.deleted };
  },
});
