// Document 3 §7 "Silo", "Vignette" and "360": the preset (customization) calls of each automated
// section, and the studio's layers. The three sections share one shape; the 360 paths, hidden in
// the specs, are named like their siblings (docs/decisions.md).
import { Type, type TArray, type TLiteral, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';
import { readOf, writeOf } from './slugs.ts';
import { BasedOn, CustomerId, Id, Ok, endpoint } from './define.ts';
import { Layer, ProductQuery, byProduct, presetFields, presetRow } from './imagery-schemas.ts';
import type { PresetSection } from './rules/preset.ts';

type Optional<F extends Record<string, TSchema>> = { [K in keyof F]: TOptional<F[K]> };
const optional = <F extends Record<string, TSchema>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])) as Optional<F>;

function presetCalls<S extends PresetSection>(section: S) {
  const fields = presetFields[section] as (typeof presetFields)[S];
  const Row = presetRow(fields);
  const listKey = `product_config_${section}` as const;
  const list = { [listKey]: Type.Array(Row) } as Record<`product_config_${S}`, TArray<typeof Row>>;
  const read = readOf(section);
  const write = writeOf(section);
  const Saved = Type.Object({
    success: Type.Literal(true),
    id_product_config: Type.Integer(),
    message: Type.String(),
    preset: Row,
  });
  return {
    show: endpoint({
      method: 'GET',
      path: `/gets/product/automation/${section}/config/show`,
      auth: 'user',
      summary: `The ${section} presets of a product, oldest first`,
      permission: read,
      query: ProductQuery,
      tenant: byProduct('query'),
      response: Type.Object({ success: Type.Literal(true), ...list }) as TObject<{ success: TLiteral<true> } & typeof list>,
    }),
    images: endpoint({
      method: 'GET',
      path: `/gets/product/automation/${section}/images/show`,
      auth: 'user',
      summary: `The studio's ${section} layers (beauty, shadow, reflection)${section === '360' ? ', one per angle' : ''}`,
      permission: read,
      query: ProductQuery,
      tenant: byProduct('query'),
      response: Type.Object({ success: Type.Literal(true), images_automation: Type.Array(Layer) }),
    }),
    store: endpoint({
      method: 'POST',
      path: `/posts/product/automation/${section}/config/store`,
      auth: 'user',
      summary: `Save a new ${section} preset (missing fields take the defaults of §3)`,
      permission: write,
      tenant: byProduct('body'),
      body: Type.Object({ id_product: Id, id_customer: CustomerId, ...optional(fields) }),
      response: Saved,
    }),
    edit: endpoint({
      method: 'PUT',
      path: `/puts/product/automation/${section}/config/edit`,
      auth: 'user',
      summary: `Change a ${section} preset (fields not sent keep their values; 409 when updated_at is stale)`,
      permission: write,
      tenant: byProduct('body'),
      body: Type.Object({
        id_product_config: Id,
        id_product: Id,
        id_customer: CustomerId,
        ...optional(fields),
        updated_at: Type.Optional(BasedOn),
      }),
      response: Saved,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `/deletes/product/automation/${section}/config/delete`,
      auth: 'user',
      summary: `Delete a ${section} preset`,
      permission: write,
      tenant: byProduct('query'),
      query: Type.Object({ id_product_config: Id, id_product: Id, id_customer: CustomerId }),
      response: Ok,
    }),
  };
}

export const silo = presetCalls('silo');
export const spin360 = presetCalls('360');
export const vignette = {
  ...presetCalls('vignette'),
  backgrounds: endpoint({
    method: 'GET',
    path: '/gets/product/automation/vignette/backgrounds/show',
    auth: 'user',
    summary: "The pictures the product's vignettes can be set in (paths)",
    permission: readOf('vignette'),
    query: ProductQuery,
    tenant: byProduct('query'),
    response: Type.Object({ success: Type.Literal(true), backgrounds: Type.Array(Type.String()) }),
  }),
};
