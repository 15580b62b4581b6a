// Document 2 §7 "Catalogue data" and "Service request".
import { catalog as contract } from '../../src/api/contract/catalog.ts';
import { noTemplateError, serviceRequestWords } from '../../src/api/contract/rules/service-request.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import { companiesOf } from '../auth/access.ts';
import { deltaFor, parseSince } from '../domain/delta.ts';
import { hiddenTemplatesSince, listTemplates, visibleTemplates } from '../domain/templates.ts';
import { fieldError } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

/** Where service requests are mailed. */
export const STUDIO_EMAIL = 'studio@facet.test';

/** "3, 5,8" -> [3, 5, 8]; blanks ignored, repeats dropped. */
function templateIds(list: string): number[] {
  const parts = list
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const none = noTemplateError(parts);
  if (none) throw fieldError('templates', none);
  if (parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) < 1)) throw fieldError('templates', serviceRequestWords.notIds);
  return [...new Set(parts.map(Number))];
}

export const catalogRoutes = implement(contract, {
  async customers({ db, auth }) {
    const rows = await companiesOf(db, auth.user);
    const allowed = new Map(
      (
        await db.query<{ id: number; products_allowed: number }>(
          'SELECT id, products_allowed FROM customers WHERE id = ANY($1::int[])',
          [rows.map((c) => c.id)],
        )
      ).map((c) => [c.id, c.products_allowed]),
    );
    return { success: true, customers: rows.map((c) => ({ id: c.id, company: c.name, products_allowed: allowed.get(c.id) })) };
  },

  async templateCategories({ db }) {
    // Template categories are the ambients.
    return {
      success: true,
      categories: await db.query<{ id: number; category: string }>('SELECT id, name AS category FROM ambients ORDER BY name, id'),
    };
  },

  async templates({ db, auth, query }) {
    const since = parseSince(query.updated_since);
    const cid = auth.customerId!;
    const templates = await listTemplates(db, cid, since);
    const delta = await deltaFor(db, {
      entity: 'template',
      since,
      customerId: cid === PROVIDER_CONTEXT ? null : cid,
      rows: templates,
      hidden: since && hiddenTemplatesSince(cid, since),
    });
    return { success: true, templates, ...delta };
  },

  async productCategories({ db }) {
    const categories = await db.query<{ id: number; category: string; subcategories: { id: number; subcategory: string }[] }>(
      `SELECT c.id, c.category,
              COALESCE((SELECT json_agg(json_build_object('id', s.id, 'subcategory', s.subcategory) ORDER BY s.id)
                          FROM product_subcategories s WHERE s.category_id = c.id), '[]'::json) AS subcategories
         FROM product_categories c ORDER BY c.id`,
    );
    return { success: true, categories };
  },

  async tags({ db, auth }) {
    const all = auth.customerId === PROVIDER_CONTEXT;
    const tags = await db.query<{ id: number; name: string }>(
      `SELECT id, name FROM tags WHERE $1::boolean OR customer_id = $2 ORDER BY name, id`,
      [all, auth.customerId],
    );
    return { success: true, tags };
  },

  async serviceRequest({ db, mailer, auth, body }) {
    if (body.id_customer === PROVIDER_CONTEXT)
      throw fieldError('id_customer', 'A service request is made for a company, not the provider context.');
    const ids = templateIds(body.templates);
    const found = await visibleTemplates(db, body.id_customer, ids);
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((t) => t.id === id));
      throw fieldError('templates', `These templates do not exist or are not available to this company: ${missing.join(', ')}.`);
    }
    const company = await db.one<{ name: string }>('SELECT name FROM customers WHERE id = $1', [body.id_customer]);
    // Mailing inside the transaction: a failed mail leaves no request behind, so a retry is clean.
    await db.tx(async (x) => {
      await x.query('INSERT INTO service_requests (customer_id, user_id, template_ids) VALUES ($1, $2, $3::int[])', [
        body.id_customer,
        auth.user.id,
        ids,
      ]);
      await mailer.send({
        to: STUDIO_EMAIL,
        subject: `Service request from ${company!.name}`,
        text:
          `${auth.user.name} <${auth.user.email}> of ${company!.name} requests a service for these templates:\n\n` +
          found.map((t) => `- #${t.id} ${t.name}`).join('\n') +
          '\n',
      });
    });
    return { success: true, message: serviceRequestWords.created };
  },
});
