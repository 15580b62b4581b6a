// Saved views of the catalogue (issue 28; our server's extension, not in the specs): a user names the
// catalogue's current view and finds it again on any device. A view is the caller's own, per company
// (staff also in the provider context -1): another user's view answers like a missing one (404). The
// list takes updated_since like the product and template lists (rows changed since, deleted ids).
import { Type } from '@sinclair/typebox';
import { CustomerId, DeltaFields, Id, Timestamp, UpdatedSince, endpoint } from './define.ts';
import { savedViewRules } from './rules/saved-view.ts';
import { schemaOf } from './rules/schema.ts';

/** Whoever may open the catalogue may keep views of it. */
const CATALOG = ['reader-info-access', 'editor-info-access', 'reader-template-access'] as const;

export const SavedView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  query: Type.String({ description: "The catalogue's URL parameters, without the '?'" }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const name = schemaOf(savedViewRules.name, { description: 'Unique per user and company, without case' });
const OneView = Type.Object({ success: Type.Literal(true), message: Type.String(), view: SavedView });
const tenant = { customer: { in: 'body', field: 'id_customer' } } as const;

export const savedViews = {
  list: endpoint({
    method: 'GET',
    path: '/gets/saved-views/show',
    auth: 'user',
    summary: "The caller's saved views of the catalogue in a company (our extension; updated_since for a delta)",
    permission: CATALOG,
    query: Type.Object({ id_customer: CustomerId, updated_since: Type.Optional(UpdatedSince) }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    response: Type.Object({ success: Type.Literal(true), views: Type.Array(SavedView), ...DeltaFields }),
  }),
  store: endpoint({
    method: 'POST',
    path: '/posts/saved-views/store',
    auth: 'user',
    summary: "Save the catalogue's current view under a name (our extension; 422 for a name the caller already uses)",
    permission: CATALOG,
    body: Type.Object({ id_customer: CustomerId, name, query: schemaOf(savedViewRules.query) }),
    tenant,
    response: OneView,
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/puts/saved-views/rename',
    auth: 'user',
    summary: "Rename one of the caller's saved views (our extension; 404 for a view that is not the caller's)",
    permission: CATALOG,
    body: Type.Object({ id: Id, id_customer: CustomerId, name }),
    tenant,
    response: OneView,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/deletes/saved-views/delete',
    auth: 'user',
    summary: "Delete one of the caller's saved views (our extension; 404 for a view that is not the caller's)",
    permission: CATALOG,
    query: Type.Object({ id: Id, id_customer: CustomerId }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    response: Type.Object({ success: Type.Literal(true), message: Type.String() }),
  }),
} as const;
