// Document 3 §7, users: the company's list, your own name, phone and photo, and what a manager
// does to others (role, disable, enable, delete). Each change is one transaction under the rules
// of domain/users-company.ts, with an audit row. No permission is cached across requests, so a
// change applies to the user's very next call (a later cache must be invalidated by these calls).
import sharp from 'sharp';
import { users as contract } from '../../src/api/contract/users.ts';
import { revokeTokens } from '../auth/tokens.ts';
import { audit, readAudit } from '../domain/users-audit.ts';
import { actingFrom, changeCompany, mayActOn, memberOf, mustHold, realCompany, statusOf } from '../domain/users-company.ts';
import { listCompanyUsers } from '../domain/users-list.ts';
import { confirmPassword } from '../domain/users-password.ts';
import { roleById } from '../domain/users-privileges.ts';
import { removeFromCompany } from '../domain/users-removal.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { accountRules } from '../../src/api/contract/rules/user.ts';
import { badRequest, fieldError, notFound, refuseBroken } from '../http/errors.ts';
import { implement, type Ctx } from '../http/routes.ts';

const PHOTO_SIZE = 512;
const NOT_ACCEPTED = 'This person has not accepted the invitation yet: resend or revoke it instead.';

type StatusCtx = Pick<Ctx<typeof contract.deactivate>, 'db' | 'auth' | 'body'>;

/** Disable and enable share everything but the direction. */
async function setEnabled({ db, auth, body }: StatusCtx, enabled: boolean) {
  await changeCompany(db, auth, 'manage-users', async (t, actor, cid) => {
    const target = await memberOf(t, cid, body.id_user);
    mayActOn(auth, actor, target, 'You cannot change your own status.');
    if (target.invited) throw badRequest(NOT_ACCEPTED);
    if (target.enabled === enabled) return;
    await t.query('UPDATE memberships SET enabled = $3 WHERE user_id = $1 AND customer_id = $2', [target.id, cid, enabled]);
    // Disabling ends every session at once: the next call with an old token answers 401.
    if (!enabled) await revokeTokens(t, target.id);
    await audit(t, {
      customerId: cid,
      actor: auth.user,
      action: enabled ? 'user.enable' : 'user.disable',
      target: { type: 'user', id: target.id, name: target.name },
      before: { status: statusOf(target) },
      after: { status: enabled ? 'active' : 'disabled' },
    });
  });
  return { success: true as const, message: enabled ? 'The account is enabled.' : 'The account is disabled.' };
}

export const userRoutes = implement(contract, {
  async list({ db, auth }) {
    return { success: true, users: await listCompanyUsers(db, realCompany(auth), auth.user) };
  },

  async editMe({ db, auth, body }) {
    refuseBroken(tableErrors(accountRules, { name: body.name, phone: body.phone ?? undefined }));
    const name = body.name.trim();
    const phone = body.phone?.trim() || null;
    await db.query('UPDATE users SET name = $2, phone = $3, updated_at = now() WHERE id = $1', [auth.user.id, name, phone]);
    return { success: true, message: 'Your details were saved.' };
  },

  async photo({ db, storage, auth, files }) {
    // Decoded and re-encoded before anything is written: a damaged or disguised file never lands,
    // and the metadata of the original (location, camera) is dropped.
    let png: Buffer;
    try {
      png = await sharp(files.photo!.bytes)
        .rotate()
        .resize({ width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'cover' })
        .png()
        .toBuffer();
    } catch {
      throw fieldError('photo', 'The photo is not a valid image.');
    }
    const folder = auth.user.type === 'staff' ? 'users/ilustraviz-staff' : 'users/clients';
    // A new name each time: stored images are cached by name, so a replaced photo must not reuse one.
    const path = await storage.save(folder, 'png', png);
    const old = await db.one<{ photo: string | null }>('SELECT photo FROM users WHERE id = $1', [auth.user.id]);
    await db.query('UPDATE users SET photo = $2, updated_at = now() WHERE id = $1', [auth.user.id, path]);
    if (old?.photo && old.photo !== path) await storage.remove(old.photo).catch(() => undefined);
    return { success: true, message: 'Your photo was saved.', photo: path, urlImage: path };
  },

  async setRole({ db, auth, body }) {
    await changeCompany(db, auth, 'manage-users', async (t, actor, cid) => {
      const target = await memberOf(t, cid, body.id_user);
      mayActOn(auth, actor, target, 'You cannot change your own role.');
      const role = await roleById(t, body.id_role);
      if (!role) throw notFound('Role');
      mustHold(actor, role.slugs, 'You cannot give a role with permissions you do not hold');
      if (target.role_id === role.id) return;
      await t.query('UPDATE memberships SET role_id = $3 WHERE user_id = $1 AND customer_id = $2', [target.id, cid, role.id]);
      await audit(t, {
        customerId: cid,
        actor: auth.user,
        action: 'user.role',
        target: { type: 'user', id: target.id, name: target.name },
        before: { role: target.role_id === null ? null : { id: target.role_id, name: target.role_name } },
        after: { role: { id: role.id, name: role.name } },
      });
    });
    return { success: true, message: 'The role was changed.' };
  },

  deactivate: (ctx) => setEnabled(ctx, false),
  activate: (ctx) => setEnabled(ctx, true),

  async remove({ db, storage, auth, body, req }) {
    const customerId = realCompany(auth);
    // Refusals that need no password come first; then the password, checked and counted outside
    // the change's transaction (a wrong one is recorded, and changes nothing else).
    mayActOn(auth, actingFrom(auth), await memberOf(db, customerId, body.id_user), 'You cannot delete yourself.');
    await confirmPassword(db, req, auth.user.id, body.password);
    const closed = await changeCompany(db, auth, 'manage-users', async (t, actor) => {
      const current = await memberOf(t, customerId, body.id_user);
      mayActOn(auth, actor, current, 'You cannot delete yourself.');
      const result = await removeFromCompany(t, current.id, customerId);
      await audit(t, {
        customerId,
        actor: auth.user,
        action: 'user.delete',
        target: { type: 'user', id: current.id, name: current.name },
        before: {
          email: current.email,
          status: statusOf(current),
          role: current.role_id === null ? null : { id: current.role_id, name: current.role_name },
        },
        after: { account_closed: result.closed },
      });
      return result;
    });
    if (closed.photo) await storage.remove(closed.photo).catch(() => undefined);
    return { success: true, message: closed.closed ? 'The account was deleted.' : 'The user was removed from this company.' };
  },

  async audit({ db, auth, query }) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    const { data, total } = await readAudit(db, auth.customerId!, page, perPage);
    return { success: true, data, total, page, per_page: perPage };
  },
});
