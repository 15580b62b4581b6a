// Every route group of the API. The contract test checks this list against src/api/contract.
import type { RouteGroup } from '../http/routes.ts';
import { authRoutes } from './auth.ts';
import { productRoutes } from './products.ts';
import { productPartRoutes } from './product-parts.ts';
import { productUndoRoutes } from './products-undo.ts';
import { productBulkRoutes } from './products-bulk.ts';
import { catalogRoutes } from './catalog.ts';
import { templateRoutes } from './templates.ts';
import { bugReportRoutes } from './bug-report.ts';
import { dashboardRoutes } from './dashboard.ts';
import { profileRoutes } from './profile.ts';
import { retailerRoutes } from './retailers.ts';
import { userRoutes } from './users.ts';
import { roleRoutes } from './users-roles.ts';
import { invitationRoutes } from './users-invitations.ts';
import { imageryRoutes } from './imagery.ts';
import { imageryUploadRoutes } from './imagery-uploads.ts';
import { siloRoutes, spin360Routes, vignetteRoutes } from './imagery-presets.ts';
import { embedRoutes } from './embeds.ts';
import { exportRoutes } from './exports.ts';
import { savedViewRoutes } from './saved-views.ts';
import { reviewRoutes } from './review.ts';
import { liveRoutes } from './live.ts';

export const routeGroups: RouteGroup[] = [
  authRoutes,
  productRoutes,
  productPartRoutes,
  productUndoRoutes,
  productBulkRoutes,
  dashboardRoutes,
  profileRoutes,
  bugReportRoutes,
  retailerRoutes,
  templateRoutes,
  catalogRoutes,
  userRoutes,
  roleRoutes,
  invitationRoutes,
  imageryRoutes,
  imageryUploadRoutes,
  siloRoutes,
  vignetteRoutes,
  spin360Routes,
  embedRoutes,
  exportRoutes,
  savedViewRoutes,
  reviewRoutes,
  liveRoutes,
];
