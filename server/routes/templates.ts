// Document 2 §7 "Templates": reading the catalogues and deleting. Staff edits are in templates-admin.ts.
import { templates as contract } from '../../src/api/contract/templates.ts';
import { templateWords } from '../../src/api/contract/rules/template.ts';
import { listTemplates, templateById } from '../domain/templates.ts';
import { notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { templateAdminHandlers } from './templates-admin.ts';

export const templateRoutes = implement(contract, {
  async getAll({ db, auth }) {
    return { success: true, templates: await listTemplates(db, auth.customerId!) };
  },

  async ambients({ db }) {
    return {
      success: true,
      ambients: await db.query<{ id: number; name: string }>('SELECT id, name FROM ambients ORDER BY name, id'),
    };
  },

  async tags({ db }) {
    return {
      success: true,
      tags: await db.query<{ id: number; name: string }>('SELECT id, name FROM template_tags ORDER BY name, id'),
    };
  },

  async delete({ db, query }) {
    // The guard has checked the owner, delete-template-access, and that public ones are staff's.
    await db.tx(async (x) => {
      const gone = await x.one<{ customer_id: number | null }>(
        'UPDATE templates SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING customer_id',
        [query.id],
      );
      if (!gone) throw notFound('Template');
      // A later delta sync reads tombstones to drop the template from local copies.
      await x.query(`INSERT INTO tombstones (entity, entity_id, customer_id) VALUES ('template', $1, $2)`, [
        query.id,
        gone.customer_id,
      ]);
    });
    return { success: true, message: templateWords.deleted };
  },

  async get({ db, query }) {
    const template = await templateById(db, query.id);
    if (!template) throw notFound('Template');
    return { success: true, template };
  },

  ...templateAdminHandlers,
});
