// Document 3 §7: customer uploads of each section (multipart), the 360 upload groups, the viewer's
// lazy-load image, product resource delete, and "Download All Images" (a zip name, then its url).
import { Type, type TSchema } from '@sinclair/typebox';
import { readOf, writeOf, type Slug } from './slugs.ts';
import { CustomerId, Id, Ok, Str, endpoint } from './define.ts';
import type { FileKind } from './rules/files.ts';
import { ProductQuery, byProduct } from './imagery-schemas.ts';

/** A zip's name is its random token (22 base64url characters): nothing else reaches the disk. */
export const ZipName = Str(22, 22, {
  allOf: [{ pattern: '^[A-Za-z0-9_-]{22}$' }],
  description: 'name_zip as answered by a zip call',
});

const Stored = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  path_image: Type.String(),
  id: Type.Integer(),
});
const upload = (path: string, summary: string, permission: readonly Slug[], kind: FileKind) =>
  endpoint({
    method: 'POST',
    path,
    auth: 'user',
    summary: `${summary} (multipart; file_image)`,
    permission,
    tenant: byProduct('body'),
    body: Type.Object({ id_product: Id, id_customer: CustomerId }),
    files: { file_image: { kind, required: true } },
    response: Stored,
  });
const zip = <Q extends TSchema>(path: string, summary: string, permission: readonly Slug[], query: Q) =>
  endpoint({
    method: 'GET',
    path,
    auth: 'user',
    summary,
    permission,
    query,
    tenant: byProduct('query'),
    response: Type.Object({ success: Type.Literal(true), name_zip: ZipName }),
  });

export const imageryUploads = {
  siloStore: upload('/posts/product/images-uploaded/store', 'Upload an image to the silo section', writeOf('silo'), 'anyImage'),
  vignetteStore: upload(
    '/posts/product/images-uploaded/vignette/store',
    'Upload an image to the vignette section',
    writeOf('vignette'),
    'anyImage',
  ),
  newGroup360: endpoint({
    method: 'GET',
    path: '/gets/product/images-uploaded/360/new-group',
    auth: 'user',
    summary: 'A group (folder) for a new 360 upload session; an empty group of the same user is reused',
    permission: writeOf('360'),
    query: ProductQuery,
    tenant: byProduct('query'),
    response: Type.Object({ success: Type.Literal(true), new_id: Type.Integer() }),
  }),
  store360: endpoint({
    method: 'POST',
    path: '/posts/product/images-uploaded/360/store',
    auth: 'user',
    summary: 'Upload a photo into a 360 group (multipart; file_image)',
    permission: writeOf('360'),
    tenant: byProduct('body'),
    body: Type.Object({ id_product: Id, id_customer: CustomerId, id_folder: Id }),
    files: { file_image: { kind: 'anyImage', required: true } },
    response: Stored,
  }),
  store3dFile: upload(
    '/posts/product/images-uploaded/3dfiles/store',
    'Upload a 3D file (fbx, obj, blend, glb, usdz)',
    writeOf('3d-files'),
    'model3d',
  ),
  storeVideo: upload('/posts/product/images-uploaded/videos/store', 'Upload a video (mp4, mov, webm)', writeOf('video'), 'video'),
  viewerImage: endpoint({
    method: 'POST',
    path: '/posts/product/viewer/imagelazyload/store',
    auth: 'user',
    summary: "Set the 3D viewer's lazy-load image (multipart; file, one jpg or png)",
    permission: writeOf('3d-viewer'),
    tenant: byProduct('body'),
    body: Type.Object({ id_product: Id, id_customer: CustomerId }),
    files: { file: { kind: 'image', required: true } },
    response: Type.Object({ success: Type.Literal(true), message: Type.String(), path: Type.String() }),
  }),
  resourceDelete: endpoint({
    method: 'DELETE',
    path: '/deletes/product/resource/delete',
    auth: 'user',
    summary: 'Remove a product image (by its stored path)',
    permission: ['register-products', 'editor-info-access'],
    query: Type.Object({ id_product: Id, image: Str(1000, 1) }),
    tenant: { entity: { kind: 'product', in: 'query', field: 'id_product' } },
    response: Ok,
  }),
  zipSilo: zip('/gets/product/zip/images-uploaded', "A zip of the silo section's uploaded images", readOf('silo'), ProductQuery),
  zipVignette: zip(
    '/gets/product/zip/vignette/images-uploaded',
    "A zip of the vignette section's uploaded images",
    readOf('vignette'),
    ProductQuery,
  ),
  zip360: zip(
    '/gets/product/zip/360/images-uploaded',
    'A zip of one 360 upload group (id_image), or of every group',
    readOf('360'),
    Type.Object({ id_product: Id, id_customer: CustomerId, id_image: Type.Optional(Id) }),
  ),
  download: endpoint({
    method: 'GET',
    path: '/gets/product/download/zip/images-uploaded',
    auth: 'user',
    summary: 'The address of a zip made by a zip call (until it expires)',
    permission: [...readOf('silo'), ...readOf('vignette'), ...readOf('360')],
    query: Type.Object({ zip_name: ZipName }),
    tenant: { entity: { kind: 'zip', in: 'query', field: 'zip_name' } },
    response: Type.Object({
      success: Type.Literal(true),
      url: Type.String(),
      expires_at: Type.String({ description: 'ISO 8601' }),
    }),
  }),
} as const;
