// The permission slugs of the three specs. Role position 0 of a company holds all of them.
export const SLUGS = [
  'dashboard-access',
  'reader-info-access', 'editor-info-access',
  'reader-vignette-access', 'editor-vignette-access',
  'reader-silo-access', 'editor-silo-access',
  'reader-360-access', 'editor-360-access',
  'reader-video-access', 'editor-video-access',
  'reader-3d-viewer-access', 'editor-3d-viewer-access',
  'reader-3d-files-access', 'editor-3d-files-access',
  'reader-template-access', 'delete-template-access',
  'register-products', 'send-products-for-automation', 'approve-services',
  'manage-users', 'manage-roles',
] as const;

export type Slug = (typeof SLUGS)[number];

export const INFO_READ: readonly Slug[] = ['reader-info-access', 'editor-info-access'];

/** The provider's own admin space: staff only, every permission granted. */
export const PROVIDER_CONTEXT = -1;
