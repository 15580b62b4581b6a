// Document 2 §7 "Templates": the admin and customer template catalogues, ambients and tags.
import { Type } from '@sinclair/typebox';
import { CustomerId, DeltaFields, Flag, Id, IdName, Ok, Timestamp, endpoint } from './define.ts';
import { templateNameRules, templateRules } from './rules/template.ts';
import { schemasOf } from './rules/schema.ts';

/** One template as every call returns it; image paths are stored paths (the client prefixes /storage/). */
export const Template = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  note: Type.String(),
  public: Flag,
  image_name: Type.String(),
  image_thumb: Type.String(),
  collection: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
  tags: Type.Array(IdName),
  ambients: Type.Array(IdName),
  id_customer: Type.Union([Type.Integer(), Type.Null()]),
});

export const TemplateList = Type.Object({ success: Type.Literal(true), templates: Type.Array(Template), ...DeltaFields });
const OneTemplate = Type.Object({ success: Type.Literal(true), template: Template });
const { name: Name } = schemasOf(templateNameRules);
const { name, note, public: isPublic } = schemasOf(templateRules);

/** From the template's rule table; id_customer is required when public is 0 and ignored when it is 1 (checked by the handler). */
const TemplateFields = {
  name,
  note: Type.Optional(note),
  public: isPublic,
  id_customer: Type.Optional(CustomerId),
};

export const templates = {
  getAll: endpoint({
    method: 'GET',
    path: '/template/get_all',
    auth: 'user',
    summary: 'Templates visible to a company (-1: all, staff)',
    query: Type.Object({ id_customer: CustomerId }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    permission: ['reader-template-access'],
    response: TemplateList,
  }),
  ambients: endpoint({
    method: 'GET',
    path: '/template/ambient/get_all',
    auth: 'user',
    summary: 'Every ambient (template category)',
    response: Type.Object({ success: Type.Literal(true), ambients: Type.Array(IdName) }),
  }),
  tags: endpoint({
    method: 'GET',
    path: '/template/tag/get_all',
    auth: 'user',
    summary: 'Every template tag',
    response: Type.Object({ success: Type.Literal(true), tags: Type.Array(IdName) }),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/template/delete',
    auth: 'user',
    summary: 'Soft-delete a template (public ones: staff only)',
    query: Type.Object({ id: Id }),
    tenant: { entity: { kind: 'template', in: 'query', field: 'id', allowPublic: true } },
    permission: ['delete-template-access'],
    response: Ok,
  }),
  get: endpoint({
    method: 'GET',
    path: '/template/get',
    auth: 'user',
    summary: 'One template visible to a company',
    query: Type.Object({ id: Id, id_customer: CustomerId }),
    tenant: {
      customer: { in: 'query', field: 'id_customer' },
      entity: { kind: 'template', in: 'query', field: 'id', allowPublic: true },
    },
    permission: ['reader-template-access'],
    response: OneTemplate,
  }),
  add: endpoint({
    method: 'POST',
    path: '/template/add',
    auth: 'staff',
    summary: 'Create a template with its image (multipart)',
    body: Type.Object(TemplateFields),
    files: { image: { kind: 'image', required: true } },
    response: OneTemplate,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/template/edit',
    auth: 'staff',
    summary: "Edit a template's name, note, visibility and client",
    body: Type.Object({ id: Id, ...TemplateFields }),
    tenant: { entity: { kind: 'template', in: 'body', field: 'id', allowPublic: true } },
    response: OneTemplate,
  }),
  addAmbient: endpoint({
    method: 'POST',
    path: '/template/add_ambient',
    auth: 'staff',
    summary: 'Attach an ambient to a template',
    body: Type.Object({ id_template: Id, id_ambient: Id }),
    tenant: { entity: { kind: 'template', in: 'body', field: 'id_template', allowPublic: true } },
    response: Ok,
  }),
  addTag: endpoint({
    method: 'POST',
    path: '/template/add_tag',
    auth: 'staff',
    summary: 'Attach a tag to a template',
    body: Type.Object({ id_template: Id, id_tag: Id }),
    tenant: { entity: { kind: 'template', in: 'body', field: 'id_template', allowPublic: true } },
    response: Ok,
  }),
  removeAmbient: endpoint({
    method: 'DELETE',
    path: '/template/remove_ambient',
    auth: 'staff',
    summary: 'Detach an ambient from a template',
    query: Type.Object({ id_template: Id, id_ambient: Id }),
    tenant: { entity: { kind: 'template', in: 'query', field: 'id_template', allowPublic: true } },
    response: Ok,
  }),
  removeTag: endpoint({
    method: 'DELETE',
    path: '/template/remove_tag',
    auth: 'staff',
    summary: 'Detach a tag from a template',
    query: Type.Object({ id_template: Id, id_tag: Id }),
    tenant: { entity: { kind: 'template', in: 'query', field: 'id_template', allowPublic: true } },
    response: Ok,
  }),
  createAmbient: endpoint({
    method: 'POST',
    path: '/template/ambient/add',
    auth: 'staff',
    summary: 'Create an ambient',
    body: Type.Object({ name: Name }),
    response: Type.Object({ success: Type.Literal(true), ambient: IdName }),
  }),
  createTag: endpoint({
    method: 'POST',
    path: '/template/tag/add',
    auth: 'staff',
    summary: 'Create a template tag',
    body: Type.Object({ name: Name }),
    response: Type.Object({ success: Type.Literal(true), tag: IdName }),
  }),
} as const;
