// The permission slugs of the three specs. Role position 0 of a company holds all of them.
export const SLUGS = [
  'dashboard-access',
  'reader-info-access',
  'editor-info-access',
  'reader-vignette-access',
  'editor-vignette-access',
  'reader-silo-access',
  'editor-silo-access',
  'reader-360-access',
  'editor-360-access',
  'reader-video-access',
  'editor-video-access',
  'reader-3d-viewer-access',
  'editor-3d-viewer-access',
  'reader-3d-files-access',
  'editor-3d-files-access',
  'reader-template-access',
  'delete-template-access',
  'register-products',
  'send-products-for-automation',
  'approve-services',
  'manage-users',
  'manage-roles',
] as const;

export type Slug = (typeof SLUGS)[number];

export const INFO_READ: readonly Slug[] = ['reader-info-access', 'editor-info-access'];

/** The product screen's sections (document 3 §6), each with a reader and an editor slug. */
export const SECTIONS = ['info', 'vignette', 'silo', '360', 'video', '3d-viewer', '3d-files'] as const;
export type SectionSlug = (typeof SECTIONS)[number];
export const readOf = (s: SectionSlug): readonly Slug[] => [`reader-${s}-access`, `editor-${s}-access`];
export const writeOf = (s: SectionSlug): readonly Slug[] => [`editor-${s}-access`];

/** Any reader or editor slug of a section opens the product screen (document 3 §6). */
export const PRODUCT_SCREEN: readonly Slug[] = SECTIONS.flatMap(readOf);

/** The provider's own admin space: staff only, every permission granted. */
export const PROVIDER_CONTEXT = -1;
