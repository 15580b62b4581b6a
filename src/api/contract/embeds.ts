// Issue 14: the product's share key, and the public calls behind /iframe/360, /viewer/ and oEmbed.
// Public calls need no login and answer 404 (with nothing of the product) without the product's key.
import { Type } from '@sinclair/typebox';
import { readOf, writeOf } from './slugs.ts';
import { CustomerId, Id, Int, Str, endpoint } from './define.ts';
import { ProductQuery, byProduct } from './imagery-schemas.ts';

/** Any string: a wrong or missing key is a 404 like a wrong id, never a validation error that says more. */
const Key = Type.Optional(Str(100, 0, { description: "the product's share key (GET /gets/product/share-key)" }));
const Urls = Type.Record(Type.String(), Type.String(), { description: 'width in px → /storage address' });
const Frame = Type.Object({ index: Type.Integer(), webp: Urls, jpeg: Urls });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const SpinReply = Type.Object({
  success: Type.Literal(true),
  name: Type.String(),
  sku: Type.String(),
  width: Type.Integer({ description: 'of the largest width; 0 until a set is ready' }),
  height: Type.Integer(),
  status: Type.Unsafe<'ready' | 'rendering' | 'failed'>({
    type: 'string',
    enum: ['ready', 'rendering', 'failed'],
    description:
      'rendering: frames of an older version (or none) while the new set renders; failed: it could not be rendered (our extension)',
  }),
  frames: Type.Array(Frame, { description: 'the poster is frame 0' }),
});

const shareSlugs = [...readOf('360'), ...readOf('3d-viewer')];

/** The key, and the origin the public pages answer at (our extension): embed codes start with it, so oEmbed knows the address. */
const KeyReply = Type.Object({
  success: Type.Literal(true),
  key: Type.String(),
  public_url: Type.String({ description: "the server's PUBLIC_URL: the embed codes' {host} (our extension)" }),
});

export const embeds = {
  shareKey: endpoint({
    method: 'GET',
    path: '/gets/product/share-key',
    auth: 'user',
    summary: "The product's share key for public embeds (made on first ask)",
    permission: shareSlugs,
    query: ProductQuery,
    tenant: byProduct('query'),
    response: KeyReply,
  }),
  rotateShareKey: endpoint({
    method: 'POST',
    path: '/posts/product/share-key/rotate',
    auth: 'user',
    summary: "A new share key (our extension): every embed made with the old one shows the 'not available' page from now on",
    permission: [...writeOf('360'), ...writeOf('3d-viewer')],
    tenant: byProduct('body'),
    body: Type.Object({ id_product: Id, id_customer: CustomerId }),
    response: KeyReply,
  }),
  spin: endpoint({
    method: 'GET',
    path: '/public/360',
    auth: 'public',
    summary: "A 360 preset's frames (24 or 48), or with uploadimage=1 the newest uploaded 360 photos; cacheable, ETag",
    query: Type.Object({
      id_product: Id,
      id_customization: Type.Optional(Id),
      frames: Type.Optional(Type.Unsafe<24 | 48>({ type: 'integer', enum: [24, 48] })),
      uploadimage: Type.Optional(Int(0, 1)),
      key: Key,
    }),
    response: SpinReply,
  }),
  viewer: endpoint({
    method: 'GET',
    path: '/public/viewer',
    auth: 'public',
    summary: "The 3D viewer's model (glb, usdz for iOS) and poster; cacheable, ETag",
    query: Type.Object({ id_product: Id, key: Key }),
    response: Type.Object({
      success: Type.Literal(true),
      name: Type.String(),
      file_glb: Nullable(Type.String({ description: "null: 'No viewer available'" })),
      file_usdz: Nullable(Type.String()),
      poster: Nullable(Type.String()),
    }),
  }),
  oembed: endpoint({
    method: 'GET',
    path: '/public/oembed',
    auth: 'public',
    summary: 'oEmbed (also at /oembed) for an /iframe/360 or /viewer/ address with its key',
    query: Type.Object({
      url: Str(2000, 1),
      maxwidth: Type.Optional(Int(1, 10000)),
      maxheight: Type.Optional(Int(1, 10000)),
      format: Type.Optional(Type.Unsafe<'json'>({ type: 'string', enum: ['json'], description: 'json only (xml is refused)' })),
    }),
    response: Type.Object({
      type: Type.Literal('rich'),
      version: Type.Literal('1.0'),
      title: Type.String(),
      provider_name: Type.String(),
      provider_url: Type.String(),
      html: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
      thumbnail_url: Type.Optional(Type.String()),
      thumbnail_width: Type.Optional(Type.Integer()),
      thumbnail_height: Type.Optional(Type.Integer()),
    }),
  }),
} as const;
