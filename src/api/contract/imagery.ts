// Document 3 §7 "Product screen" and "Shared and other calls": the uploaded lists of each section,
// the studio's videos, 3D files and viewer model, and the tailor request. Uploads and zips are in
// imagery-uploads.ts; presets in imagery-presets.ts.
import { Type } from '@sinclair/typebox';
import { readOf, type SectionSlug } from './slugs.ts';
import { CustomerId, Id, endpoint } from './define.ts';
import { FileLink, ProductQuery, UploadGroup, UploadedImage, byProduct } from './imagery-schemas.ts';

/** The tailor request's pages: the specs' three, and ours for the video section. */
export const TAILOR_PAGES = ['Silo Image', '360 Image', 'Vignette', 'Video'] as const;

const Files = Type.Object({ success: Type.Literal(true), files: Type.Array(FileLink) });
const list = (section: SectionSlug) => ({
  auth: 'user' as const,
  permission: readOf(section),
  query: ProductQuery,
  tenant: byProduct('query'),
});
const files = <P extends string>(path: P, summary: string, section: SectionSlug) =>
  endpoint({ method: 'GET', path, summary, ...list(section), response: Files });

export const imagery = {
  uploadedVignette: endpoint({
    method: 'GET',
    path: '/gets/product/images_uploaded/vignette',
    summary: 'Images uploaded to the vignette section, oldest first',
    ...list('vignette'),
    response: Type.Object({ success: Type.Literal(true), images_uploaded: Type.Array(UploadedImage) }),
  }),
  uploaded360: endpoint({
    method: 'GET',
    path: '/gets/product/images_uploaded/360',
    summary: 'The 360 upload groups (photo: their photos), oldest first',
    ...list('360'),
    response: Type.Object({ success: Type.Literal(true), images_uploaded: Type.Array(UploadGroup) }),
  }),
  uploaded3dFiles: files('/gets/product/images_uploaded/3dfiles', 'Uploaded 3D files, oldest first', '3d-files'),
  uploadedVideos: files('/gets/product/images_uploaded/videos', 'Uploaded videos, oldest first', 'video'),
  automation3dFiles: files('/gets/product/automation/3dfiles/links', "The studio's 3D files of a product", '3d-files'),
  automationVideos: files(
    '/gets/product/automation/videos/links',
    "The studio's videos of a product (the first is shown first)",
    'video',
  ),
  viewer: endpoint({
    method: 'GET',
    path: '/gets/product/automation/3dviewer/links',
    summary: "The 3D viewer's model, preset and lazy-load image",
    ...list('3d-viewer'),
    response: Type.Object({
      success: Type.Literal(true),
      file: Type.Object({
        file_glb: Type.Union([Type.String(), Type.Null()], { description: "null: 'No viewer available'" }),
        file_usdz: Type.Union([Type.String(), Type.Null()]),
        preset: Type.Integer({ description: 'default 1' }),
      }),
      imageLazyLoad: Type.Union([Type.String(), Type.Null()]),
      updated_at: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601; null when nothing is set' }),
    }),
  }),
  tailor: endpoint({
    method: 'POST',
    path: '/posts/email/request/service/tailor/send',
    auth: 'user',
    summary: 'Ask the studio for a tailor-made service (mailed; once per product, page and day)',
    permission: ['send-products-for-automation'],
    tenant: byProduct('body'),
    body: Type.Object({
      id_product: Id,
      id_customer: CustomerId,
      page: Type.Unsafe<(typeof TAILOR_PAGES)[number]>({ type: 'string', enum: TAILOR_PAGES }),
    }),
    response: Type.Object({ success: Type.Literal(true), message: Type.String() }),
  }),
  tailorRequested: endpoint({
    method: 'GET',
    path: '/gets/product/tailor/requested',
    auth: 'user',
    summary:
      "The pages of this product whose tailor request was sent today (our extension; per product and page, the server's UTC day)",
    // A read: whoever sees one of the pages may learn that it was asked for today.
    permission: ['send-products-for-automation', ...readOf('silo'), ...readOf('360'), ...readOf('vignette'), ...readOf('video')],
    query: ProductQuery,
    tenant: byProduct('query'),
    response: Type.Object({
      success: Type.Literal(true),
      pages: Type.Array(Type.Unsafe<(typeof TAILOR_PAGES)[number]>({ type: 'string', enum: TAILOR_PAGES })),
    }),
  }),
} as const;
