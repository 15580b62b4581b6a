// THE one definition of every call. Grouped as the specs group them.
import { auth } from './auth.ts';
import { products } from './products.ts';
import { productInfo } from './products-info.ts';
import { productUndo } from './products-undo.ts';
import { productBulk } from './products-bulk.ts';
import { catalog } from './catalog.ts';
import { templates } from './templates.ts';
import { bugReport } from './bug-report.ts';
import { dashboard } from './dashboard.ts';
import { profile } from './profile.ts';
import { retailers } from './retailers.ts';
import { users, roles, invitations } from './users.ts';
import { imagery } from './imagery.ts';
import { imageryUploads } from './imagery-uploads.ts';
import { silo, spin360, vignette } from './imagery-presets.ts';
import { embeds } from './embeds.ts';
import { exportJobs } from './exports.ts';
import { savedViews } from './saved-views.ts';
import { review } from './review.ts';
import { live } from './live.ts';

export const contract = {
  auth,
  products,
  productInfo,
  productUndo,
  productBulk,
  dashboard,
  profile,
  bugReport,
  retailers,
  templates,
  catalog,
  users,
  roles,
  invitations,
  imagery,
  imageryUploads,
  silo,
  vignette,
  spin360,
  embeds,
  exportJobs,
  savedViews,
  review,
  live,
} as const;
export * from './define.ts';
export * from './slugs.ts';
