// Document 2 §7 "Templates" calls.
import type { contract } from './contract/index.ts';
import type { Body } from './contract/define.ts';
import { send, toForm } from './client.ts';

type C = typeof contract.templates;

export const getTemplates = (id_customer: number) => send<C['getAll']>('GET', '/template/get_all', { query: { id_customer } });
export const getAmbients = () => send<C['ambients']>('GET', '/template/ambient/get_all');
export const getTemplateTags = () => send<C['tags']>('GET', '/template/tag/get_all');
export const deleteTemplate = (id: number) => send<C['delete']>('DELETE', '/template/delete', { query: { id } });
export const getTemplate = (id: number, id_customer: number) => send<C['get']>('GET', '/template/get', { query: { id, id_customer } });
/** id_customer is sent only for a private template, as the specs say. */
export const addTemplate = (fields: Body<C['add']>, image: Blob) =>
  send<C['add']>('POST', '/template/add', {
    body: toForm({ ...fields, id_customer: fields.public === 1 ? undefined : fields.id_customer, image }),
  });
export const editTemplate = (body: Body<C['edit']>) => send<C['edit']>('POST', '/template/edit', { body });
export const addTemplateAmbient = (id_template: number, id_ambient: number) =>
  send<C['addAmbient']>('POST', '/template/add_ambient', { body: { id_template, id_ambient } });
export const addTemplateTag = (id_template: number, id_tag: number) =>
  send<C['addTag']>('POST', '/template/add_tag', { body: { id_template, id_tag } });
export const removeTemplateAmbient = (id_template: number, id_ambient: number) =>
  send<C['removeAmbient']>('DELETE', '/template/remove_ambient', { query: { id_template, id_ambient } });
export const removeTemplateTag = (id_template: number, id_tag: number) =>
  send<C['removeTag']>('DELETE', '/template/remove_tag', { query: { id_template, id_tag } });
export const createAmbient = (name: string) => send<C['createAmbient']>('POST', '/template/ambient/add', { body: { name } });
export const createTemplateTag = (name: string) => send<C['createTag']>('POST', '/template/tag/add', { body: { name } });
