// Document 2 §7 "Catalogue data" (companies, template categories, templates, product taxonomy,
// product tags) and "Service request". Products themselves are another group.
import { Type } from '@sinclair/typebox';
import { CustomerId, IdName, Ok, Str, UpdatedSince, endpoint } from './define.ts';
import { INFO_READ } from './slugs.ts';
import { TemplateList } from './templates.ts';

export const catalog = {
  customers: endpoint({
    method: 'GET',
    path: '/gets/customers/all/show',
    auth: 'user',
    summary: 'Companies the user may act for (staff: all)',
    response: Type.Object({
      success: Type.Literal(true),
      customers: Type.Array(
        Type.Object({
          id: Type.Integer(),
          company: Type.String(),
          // Our extension: how many live products the company may hold (onlyOneProduct below 2).
          products_allowed: Type.Optional(Type.Integer()),
        }),
      ),
    }),
  }),
  templateCategories: endpoint({
    method: 'GET',
    path: '/gets/roomsets/templates/categories/show',
    auth: 'user',
    summary: 'Template categories (the ambients)',
    response: Type.Object({
      success: Type.Literal(true),
      categories: Type.Array(Type.Object({ id: Type.Integer(), category: Type.String() })),
    }),
  }),
  templates: endpoint({
    method: 'GET',
    path: '/gets/roomsets/templates/show',
    auth: 'user',
    summary: 'Templates visible to a company (-1: all, staff)',
    query: Type.Object({ id_customer: CustomerId, updated_since: Type.Optional(UpdatedSince) }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    permission: ['reader-template-access'],
    response: TemplateList,
  }),
  productCategories: endpoint({
    method: 'GET',
    path: '/gets/product/categories/show',
    auth: 'user',
    summary: 'Product categories with their subcategories',
    response: Type.Object({
      success: Type.Literal(true),
      categories: Type.Array(
        Type.Object({
          id: Type.Integer(),
          category: Type.String(),
          subcategories: Type.Array(Type.Object({ id: Type.Integer(), subcategory: Type.String() })),
        }),
      ),
    }),
  }),
  tags: endpoint({
    method: 'GET',
    path: '/gets/tags/show',
    auth: 'user',
    summary: "A company's product tags (-1: every company's, staff)",
    query: Type.Object({ id_customer: CustomerId }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    permission: INFO_READ,
    response: Type.Object({ success: Type.Literal(true), tags: Type.Array(IdName) }),
  }),
  serviceRequest: endpoint({
    method: 'POST',
    path: '/posts/services/request',
    auth: 'user',
    summary: 'Request a service for chosen templates',
    body: Type.Object({ id_customer: CustomerId, templates: Str(10000) }),
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    permission: ['reader-template-access'],
    response: Ok,
  }),
} as const;
