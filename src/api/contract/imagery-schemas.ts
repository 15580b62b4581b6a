// Schema pieces of document 3's imagery calls (presets, layers, uploads, files), shared by the
// imagery*.ts contract groups. Ranges are §5's; numbers are plain numbers, flags 0/1.
import { Type, type TSchema } from '@sinclair/typebox';
import { CustomerId, Flag, Id, Num, Str, Timestamp, type TenantRule } from './define.ts';

/** The automated sections, which have presets and layers. */
export type PresetSection = 'silo' | 'vignette' | '360';

const num = (minimum: number, maximum: number, description?: string) => Num({ minimum, maximum, ...(description && { description }) });

/** Scale and offsets: -1..1 in steps of 0.01. */
export const Unit = num(-1, 1);
/** Silo and 360 product scale: minimum 0. */
export const PositiveUnit = num(0, 1);
export const Percent100 = num(0, 100, 'percent, without the % sign');
export const Percent200 = num(0, 200, 'percent, without the % sign');
export const Background = Str(500, 1);
/** The updated_at (ISO 8601) an edit was based on: 409 when the row moved on since. */
export const BasedOn = Str(40, 0, { description: 'the updated_at the edit was based on' });

/** The preset fields of §3 per section, as a client sends them. */
const common = {
  background: Background,
  hasShadow: Flag,
  shadow: Percent100,
  hasReflection: Flag,
  reflection: Percent100,
  saturation: Percent200,
  brightness: Percent200,
  image_offset_x: Unit,
  image_offset_y: Unit,
};
export const presetFields = {
  silo: { ...common, image_scale: PositiveUnit },
  '360': { ...common, image_scale: PositiveUnit },
  vignette: { ...common, image_scale: Unit, bg_scale: Unit, bg_offset_x: Unit, bg_offset_y: Unit },
} as const;

/** A stored preset: the fields plus ids (id and id_product_config are the same), version and times. */
export const presetRow = <F extends Record<string, TSchema>>(fields: F) =>
  Type.Object({
    id: Type.Integer(),
    id_product_config: Type.Integer(),
    id_product: Type.Integer(),
    ...fields,
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
