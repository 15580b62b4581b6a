// Document 3 §7 "Silo", "Vignette", "360": presets and layers. One set of handlers serves the three
// sections; the guard has checked the company, the product and the section's slug.
import type { Endpoint } from '../../src/api/contract/define.ts';
import { silo, spin360, vignette } from '../../src/api/contract/imagery-presets.ts';
import type { PresetSection } from '../../src/api/contract/rules/preset.ts';
import { renderSavedPreset } from '../domain/frame-sets.ts';
import { layers } from '../domain/imagery-files.ts';
import {
  MAX_PRESETS,
  backgroundsOf,
  checkBackground,
  insertPreset,
  listPresets,
  loadPreset,
  presetValues,
  updatePreset,
} from '../domain/imagery-presets.ts';
import { presetDefaults, type PresetValues } from '../../src/api/contract/rules/preset.ts';
import { timestampError } from '../../src/api/contract/rules/timestamp.ts';
import { sameInstant } from '../domain/products.ts';
import { ApiError, fieldError, notFound } from '../http/errors.ts';
import { implement, type Ctx, type Handlers } from '../http/routes.ts';

const CONFLICT = 'This preset was changed by someone else.';

interface PresetInput {
  id_product: number;
  id_product_config?: number;
  updated_at?: string;
  [field: string]: unknown;
}
type In = Ctx<Endpoint> & { body: PresetInput; query: PresetInput };

async function withBackground<V extends Partial<PresetValues>>(c: In, section: PresetSection, v: V): Promise<V> {
  if (typeof v.background !== 'string') return v;
  return { ...v, background: await checkBackground(c.db, section, c.body.id_product, v.background) };
}

function presetHandlers(section: PresetSection) {
  return {
    async show({ db, query }: In) {
      return { success: true, [`product_config_${section}`]: await listPresets(db, section, query.id_product) };
    },

    async images({ db, query }: In) {
      return { success: true, images_automation: await layers(db, query.id_product, section) };
    },

    async store(c: In) {
      const productId = c.body.id_product;
      const first = section === 'vignette' ? (await backgroundsOf(c.db, productId))[0] : undefined;
      const values = await withBackground(c, section, { ...presetDefaults(section, first), ...presetValues(section, c.body) });
      const preset = await c.db.tx(async (t) => {
        // The product row's lock serialises concurrent stores, so the cap holds.
        await t.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [productId]);
        const n = await t.one<{ n: number }>(
          'SELECT count(*)::int AS n FROM product_presets WHERE product_id = $1 AND section = $2',
          [productId, section],
        );
        if (n!.n >= MAX_PRESETS) throw fieldError('id_product', `A product may have at most ${MAX_PRESETS} ${section} presets.`);
        return insertPreset(t, section, productId, c.auth.user.id, values);
      });
      if (section === '360') await renderSavedPreset(c, c.req.log, productId, preset.id);
      return { success: true, id_product_config: preset.id, message: 'Preset created successfully', preset };
    },

    async edit(c: In) {
      const { id_product: productId, id_product_config: id, updated_at: basedOn } = c.body;
      const notIso = timestampError('updated_at', basedOn);
      if (notIso) throw fieldError('updated_at', notIso);
      const values = await withBackground(c, section, presetValues(section, c.body));
      const preset = await c.db.tx(async (t) => {
        const cur = await loadPreset(t, section, productId, id!, true);
        if (!cur) throw notFound('Preset');
        if (basedOn !== undefined && !sameInstant(basedOn, cur.updated_at))
          throw new ApiError(409, CONFLICT, undefined, { preset: cur });
        return updatePreset(t, section, id!, values);
      });
      if (section === '360') await renderSavedPreset(c, c.req.log, productId, id!);
      return { success: true, id_product_config: id!, message: 'Preset updated successfully', preset };
    },

    async remove({ db, query }: In) {
      const gone = await db.one('DELETE FROM product_presets WHERE id = $1 AND product_id = $2 AND section = $3 RETURNING id', [
        query.id_product_config,
        query.id_product,
        section,
      ]);
      if (!gone) throw notFound('Preset');
      return { success: true, message: 'Preset deleted successfully' };
    },
  };
}

// The handlers are shared by three contracts whose list keys differ (product_config_<section>); the
// response schemas still shape every answer (fast-json-stringify refuses a missing required field).
const as = <C extends Record<string, Endpoint>>(h: object) => h as unknown as Handlers<C>;

export const siloRoutes = implement(silo, as<typeof silo>(presetHandlers('silo')));
export const spin360Routes = implement(spin360, as<typeof spin360>(presetHandlers('360')));
export const vignetteRoutes = implement(
  vignette,
  as<typeof vignette>({
    ...presetHandlers('vignette'),
    async backgrounds({ db, query }: In) {
      return { success: true, backgrounds: await backgroundsOf(db, query.id_product) };
    },
  }),
);
