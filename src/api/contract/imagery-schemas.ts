// Schema pieces of document 3's imagery calls (presets, layers, uploads, files), shared by the
// imagery*.ts contract groups. The preset fields and their ranges (§5) are rules/preset.ts's.
import { Type, type TSchema } from '@sinclair/typebox';
import { CustomerId, Id, Timestamp, type TenantRule } from './define.ts';
import { presetRules } from './rules/preset.ts';
import { schemasOf } from './rules/schema.ts';

/** The preset fields of §3 per section, as a client sends them: built from the contract's preset rules. */
export const presetFields = {
  silo: schemasOf(presetRules.silo),
  '360': schemasOf(presetRules['360']),
  vignette: schemasOf(presetRules.vignette),
};

/** A stored preset: the fields plus ids (id and id_product_config are the same), its number, version and times. */
export const presetRow = <F extends Record<string, TSchema>>(fields: F) =>
  Type.Object({
    id: Type.Integer(),
    id_product_config: Type.Integer(),
    id_product: Type.Integer(),
    ...fields,
    number: Type.Integer({
      minimum: 1,
      description: "Our extension: its number in its product's section, given when it is made and kept (named Preset {number})",
    }),
    version: Type.Integer({ description: 'moves with every edit (renders are kept per version)' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  });

/** One view of the studio's layers (beauty, shadow, reflection PNGs of one size); thumbnails add _thumb. */
export const Layer = Type.Object({
  angle: Type.Integer({ description: 'degrees; 0 for silo and vignette, one row per angle for 360' }),
  beauty: Type.String(),
  shadow: Type.Union([Type.String(), Type.Null()]),
  reflection: Type.Union([Type.String(), Type.Null()]),
  width: Type.Integer(),
  height: Type.Integer(),
  updated_at: Timestamp,
});

/** An uploaded image (silo, vignette): its stored path is the specs' photo. */
export const UploadedImage = Type.Object({
  id: Type.Integer(),
  photo: Type.String(),
  name: Type.String({ description: "the uploader's file name, for display" }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** A 360 upload session: photo is the list of its photos' paths, oldest first. */
export const UploadGroup = Type.Object({
  id: Type.Integer(),
  photo: Type.Array(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** A downloadable file (automation or uploaded): link is its stored path, extension its label. */
export const FileLink = Type.Object({
  id: Type.Integer(),
  link: Type.String(),
  extension: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ProductQuery = Type.Object({ id_product: Id, id_customer: CustomerId });

/** The company in id_customer, and the product, which must be that company's (404 otherwise). */
export const byProduct = (where: 'query' | 'body'): TenantRule => ({
  customer: { in: where, field: 'id_customer' },
  entity: { kind: 'product', in: where, field: 'id_product' },
});
