// Document 1 §7: dashboard blocks. Staff in the provider context (-1) see every company at once:
// task counts summed, progress percentages averaged, products and rounds listed together.
import { dashboard as contract } from '../../src/api/contract/dashboard.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import { implement } from '../http/routes.ts';

const LAST_REGISTERED = 10;

/** SQL condition and its parameter for "this company", or for all of them in the provider context. */
// The guard has already checked that the caller may act for this id.
function company(customerId: number, column = 'customer_id'): { where: string; params: unknown[] } {
  return customerId === PROVIDER_CONTEXT ? { where: 'TRUE', params: [] } : { where: `${column} = $1`, params: [customerId] };
}

// LIKE treats % and _ as wildcards; a typed SKU means those characters literally.
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const dashboardRoutes = implement(contract, {
  async lastRegistered({ db, query }) {
    const { where, params } = company(query.id_customer, 'p.customer_id');
    const filters = [where, 'p.deleted_at IS NULL'];
    if (query.sku) filters.push(`p.sku ILIKE $${params.push(`%${likeEscape(query.sku)}%`)}`);
    if (query.id_model) filters.push(`p.id = $${params.push(query.id_model)}`);
    const products = await db.query<{ id_product: number; name: string; sku: string; images: string[] }>(
      `SELECT p.id AS id_product, p.name, p.sku,
              COALESCE((SELECT json_agg(i.path ORDER BY i.id) FROM product_images i WHERE i.product_id = p.id), '[]'::json) AS images
         FROM products p WHERE ${filters.join(' AND ')}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${LAST_REGISTERED}`,
      params,
    );
    return { success: true, products };
  },

  async tasksByStates({ db, query }) {
    const { where, params } = company(query.id_customer);
    const tasks_by_states = await db.query<{ title: string; not_started: number; in_progress: number; done: number }>(
      `SELECT title, sum(not_started)::int AS not_started, sum(in_progress)::int AS in_progress, sum(done)::int AS done
         FROM dashboard_tasks WHERE ${where} GROUP BY title ORDER BY min(id)`,
      params,
    );
    return { success: true, tasks_by_states };
  },

  async progressBarService({ db, query }) {
    const { where, params } = company(query.id_customer);
    const progress_bar_service = await db.query<{
      title: string;
      modeling_and_texturing: number;
      silo_image: number;
      lifestyle: number;
    }>(
      `SELECT title, round(avg(modeling_and_texturing))::int AS modeling_and_texturing,
              round(avg(silo_image))::int AS silo_image, round(avg(lifestyle))::int AS lifestyle
         FROM dashboard_progress WHERE ${where} GROUP BY title ORDER BY min(id)`,
      params,
    );
    return { success: true, progress_bar_service };
  },

  async roundsReview({ db, query }) {
    const { where, params } = company(query.id_customer);
    const rounds_review = await db.query<{
      title: string;
      subtitle: string;
      round_current: number;
      total_models: number;
      upcoming_dates: string | null;
      status_service: number;
      start_date: string | null;
      end_date: string | null;
      link_review: string | null;
      models_left: number | null;
    }>(
      // Dates leave as text: a JS Date would shift with the server's time zone. A round with review
      // models (issue 42) counts them, and those whose latest version is not approved yet, so the card
      // says what its review page shows.
      `SELECT title, subtitle, round_current, upcoming_dates, status_service,
              to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, link_review,
              COALESCE(NULLIF(m.total, 0), r.total_models) AS total_models, CASE WHEN m.total > 0 THEN m.left_ END AS models_left
         FROM dashboard_rounds r
         LEFT JOIN LATERAL (
           SELECT count(*)::int AS total, count(*) FILTER (WHERE d.decision IS DISTINCT FROM 'approved')::int AS left_
             FROM review_models rm
             LEFT JOIN LATERAL (SELECT id FROM review_versions WHERE model_id = rm.id ORDER BY number DESC LIMIT 1) v ON TRUE
             LEFT JOIN review_decisions d ON d.version_id = v.id
            WHERE rm.round_id = r.id) m ON TRUE
        WHERE ${where.replace('customer_id', 'r.customer_id')} ORDER BY start_date NULLS LAST, r.id`,
      params,
    );
    return { success: true, rounds_review };
  },
});
