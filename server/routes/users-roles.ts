// Document 3 §7, roles: list, create, rename, set permissions, delete. The first role (position 0)
// holds every permission and is never changed; nobody grants a slug they lack, nor changes a role
// that holds one; a role with members is not deleted; no change may leave the company without a manager.
import { SLUGS, type Slug } from '../../src/api/contract/slugs.ts';
import { roles as contract } from '../../src/api/contract/users.ts';
import type { Db } from '../db/index.ts';
import { audit } from '../domain/users-audit.ts';
import { changeCompany, mustHold, realCompany, type Acting } from '../domain/users-company.ts';
import { describeRoles, isSlug, roleById, rolesOf, type RoleRow } from '../domain/users-privileges.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { ROLE_TAKEN, SELF_LOCKOUT, locksSelfOut, roleRules } from '../../src/api/contract/rules/user.ts';
import { badRequest, fieldError, notFound, refuseBroken } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

export const FIRST_ROLE_LOCKED = 'The first role holds every permission and cannot be renamed, edited or deleted.';

/** A role of this company that the actor may change. */
async function editableRole(t: Db, actor: Acting, roleId: number): Promise<RoleRow> {
  const role = await roleById(t, roleId);
  if (!role) throw notFound('Role');
  if (role.position === 0) throw badRequest(FIRST_ROLE_LOCKED);
  mustHold(actor, role.slugs, 'You cannot change a role that holds permissions you do not have');
  return role;
}

/** Trimmed, not the screen's placeholder, and unique in the company (case-insensitively). */
async function roleName(t: Db, customerId: number, raw: string, exceptId?: number): Promise<string> {
  refuseBroken(tableErrors(roleRules, { name: raw }));
  const name = raw.trim();
  const taken = await t.one(
    'SELECT 1 FROM roles WHERE customer_id = $1 AND lower(name) = lower($2) AND id <> coalesce($3::int, 0)',
    [customerId, name, exceptId ?? null],
  );
  if (taken) throw fieldError('name', ROLE_TAKEN);
  return name;
}

async function rename(t: Db, role: RoleRow, customerId: number, raw: string, actor: { id: number; name: string }) {
  const name = await roleName(t, customerId, raw, role.id);
  if (name === role.name) return;
  await t.query('UPDATE roles SET name = $2, updated_at = now() WHERE id = $1', [role.id, name]);
  await audit(t, {
    customerId,
    actor,
    action: 'role.rename',
    target: { type: 'role', id: role.id, name },
    before: { name: role.name },
    after: { name },
  });
}

/** The permissions map arrives as an object or as its JSON text; every key must be a known slug. */
function parsePermissions(raw: Record<string, boolean> | string): Map<Slug, boolean> {
  let map: unknown = raw;
  if (typeof raw === 'string') {
    try {
      map = JSON.parse(raw);
    } catch {
      throw fieldError('permissions', 'The permissions field must be a JSON map of slug to true or false.');
    }
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) {
    throw fieldError('permissions', 'The permissions field must be a JSON map of slug to true or false.');
  }
  const out = new Map<Slug, boolean>();
  for (const [slug, value] of Object.entries(map)) {
    if (!isSlug(slug)) throw fieldError('permissions', `Unknown permission: ${slug.slice(0, 100)}.`);
    if (typeof value !== 'boolean') throw fieldError('permissions', `The value of ${slug} must be true or false.`);
    out.set(slug, value);
  }
  return out;
}

export const roleRoutes = implement(contract, {
  async list({ db, auth }) {
    return { success: true, roles: await describeRoles(db, await rolesOf(db, realCompany(auth))) };
  },

  async create({ db, auth, body }) {
    const id = await changeCompany(db, auth, 'manage-roles', async (t, _actor, cid) => {
      const name = await roleName(t, cid, body.name);
      const row = await t.one<{ id: number }>(
        `INSERT INTO roles (customer_id, name, position)
         VALUES ($1, $2, (SELECT coalesce(max(position), 0) + 1 FROM roles WHERE customer_id = $1)) RETURNING id`,
        [cid, name],
      );
      await audit(t, {
        customerId: cid,
        actor: auth.user,
        action: 'role.create',
        target: { type: 'role', id: row!.id, name },
        after: { name, permissions: [] },
      });
      return row!.id;
    });
    return { success: true, message: 'The role was created.', id };
  },

  async editName({ db, auth, body }) {
    await changeCompany(db, auth, 'manage-roles', async (t, actor, cid) => {
      await rename(t, await editableRole(t, actor, body.id_role), cid, body.name, auth.user);
    });
    return { success: true, message: 'The role was renamed.' };
  },

  async editPermissions({ db, auth, body }) {
    const wanted = parsePermissions(body.permissions);
    await changeCompany(db, auth, 'manage-roles', async (t, actor, cid) => {
      const role = await editableRole(t, actor, body.id_role);
      if (body.name !== undefined) await rename(t, role, cid, body.name, auth.user);
      const held = new Set(role.slugs);
      const grant = SLUGS.filter((s) => wanted.get(s) === true && !held.has(s));
      const revoke = SLUGS.filter((s) => wanted.get(s) === false && held.has(s));
      mustHold(actor, grant, 'You cannot grant permissions you do not hold');
      // Under the company's lock, as the last-manager rule: nobody removes their own way to manage.
      if (!actor.staff && locksSelfOut(Object.fromEntries(revoke.map((s) => [s, false])))) {
        const own = await t.one('SELECT 1 FROM memberships WHERE user_id = $1 AND customer_id = $2 AND role_id = $3', [
          auth.user.id,
          cid,
          role.id,
        ]);
        if (own) throw fieldError('permissions', SELF_LOCKOUT);
      }
      if (!grant.length && !revoke.length) return;
      await t.query(`INSERT INTO role_privileges (role_id, slug) SELECT $1, unnest($2::text[])`, [role.id, grant]);
      await t.query('DELETE FROM role_privileges WHERE role_id = $1 AND slug = ANY($2::text[])', [role.id, revoke]);
      await t.query('UPDATE roles SET updated_at = now() WHERE id = $1', [role.id]);
      const after = SLUGS.filter((s) => (held.has(s) && !revoke.includes(s)) || grant.includes(s));
      await audit(t, {
        customerId: cid,
        actor: auth.user,
        action: 'role.permissions',
        target: { type: 'role', id: role.id, name: body.name?.trim() || role.name },
        before: { permissions: role.slugs },
        after: { permissions: after, granted: grant, revoked: revoke },
      });
    });
    return { success: true, message: 'The permissions were saved.' };
  },

  async remove({ db, auth, query }) {
    await changeCompany(db, auth, 'manage-roles', async (t, actor) => {
      const role = await editableRole(t, actor, query.id_role);
      if (role.users > 0) {
        const who = role.users === 1 ? '1 user' : `${role.users} users`;
        throw badRequest(`This role still has ${who}. Move them to another role before deleting it.`);
      }
      await t.query('DELETE FROM roles WHERE id = $1', [role.id]);
      await audit(t, {
        customerId: query.id_customer,
        actor: auth.user,
        action: 'role.delete',
        target: { type: 'role', id: role.id, name: role.name },
        before: { name: role.name, permissions: role.slugs },
      });
    });
    return { success: true, message: 'The role was deleted.' };
  },
});
