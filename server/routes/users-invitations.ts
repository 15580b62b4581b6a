// POST user/inside (document 3 §7) and the rest of an invitation's life: resend, revoke, the public
// page's lookup, and accepting (set or confirm the password, then signed in like a login).
// A new address becomes an invited account; an existing account gets an invited membership and
// joins by confirming its own password, which the link never changes.
import { invitations as contract } from '../../src/api/contract/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import { issueToken } from '../auth/tokens.ts';
import { audit } from '../domain/users-audit.ts';
import { changeCompany, memberOf, mustHold } from '../domain/users-company.ts';
import { cancelPending, findInvitation, sendInvitation } from '../domain/users-invitations.ts';
import { confirmPassword } from '../domain/users-password.ts';
import { roleById } from '../domain/users-privileges.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { inviteRules } from '../../src/api/contract/rules/user.ts';
import { newPasswordErrors } from '../../src/api/contract/rules/auth.ts';
import { ApiError, badRequest, fieldError, notFound, refuseBroken } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

const NO_INVITATION = 'This person has no pending invitation.';

interface Existing {
  id: number;
  name: string;
  type: string;
  has_account: boolean;
  member: boolean;
  invited: boolean;
}

export const invitationRoutes = implement(contract, {
  async invite(s) {
    const { db, auth, body } = s;
    refuseBroken(tableErrors(inviteRules, body));
    const email = body.email.trim().toLowerCase();
    const name = body.name.trim();
    const id = await changeCompany(db, auth, 'manage-users', async (t, actor, cid) => {
      const role = await roleById(t, body.id_role);
      if (!role) throw notFound('Role');
      mustHold(actor, role.slugs, 'You cannot give a role with permissions you do not hold');
      const found = await t.one<Existing>(
        `SELECT u.id, u.name, u.type, u.password_hash <> '' AS has_account,
                m.user_id IS NOT NULL AS member, coalesce(m.invited, false) AS invited
           FROM users u LEFT JOIN memberships m ON m.user_id = u.id AND m.customer_id = $2
          WHERE u.email = $1 AND u.deleted_at IS NULL`,
        [email, cid],
      );
      if (found?.type === 'staff')
        throw fieldError('email', 'This person is provider staff and already has access to every company.');
      if (found?.invited) throw fieldError('email', 'This person already has a pending invitation: use Resend.');
      if (found?.member) throw fieldError('email', 'This person is already a member of this company.');
      // A new address becomes an account without a password, named as typed.
      const userId =
        found?.id ??
        (await t.one<{ id: number }>(`INSERT INTO users (name, email, password_hash) VALUES ($1, $2, '') RETURNING id`, [
          name,
          email,
        ]))!.id;
      await t.query(
        `INSERT INTO memberships (user_id, customer_id, role_id, enabled, invited) VALUES ($1, $2, $3, false, true)`,
        [userId, cid, role.id],
      );
      // The company sees the name it typed (not an existing account's details) until the person accepts.
      const { expiresAt } = await sendInvitation(t, s, {
        userId,
        name: found?.name ?? name,
        invitedName: name,
        email,
        customerId: cid,
        invitedBy: auth.user.id,
        hasAccount: !!found?.has_account,
      });
      await audit(t, {
        customerId: cid,
        actor: auth.user,
        action: 'user.invite',
        target: { type: 'user', id: userId, name },
        after: { email, role: { id: role.id, name: role.name }, status: 'invited', expires_at: expiresAt },
      });
      return userId;
    });
    return { success: true, message: `An invitation was sent to ${email}.`, id };
  },

  async resend(s) {
    const { db, auth, body } = s;
    await changeCompany(db, auth, 'manage-users', async (t, _actor, cid) => {
      const target = await memberOf(t, cid, body.id_user);
      if (!target.invited) throw badRequest(NO_INVITATION);
      const account = await t.one<{ name: string; has_account: boolean }>(
        `SELECT name, password_hash <> '' AS has_account FROM users WHERE id = $1`,
        [target.id],
      );
      const { expiresAt } = await sendInvitation(t, s, {
        userId: target.id,
        name: account!.name,
        invitedName: target.name,
        email: target.email,
        customerId: cid,
        invitedBy: auth.user.id,
        hasAccount: account!.has_account,
      });
      await audit(t, {
        customerId: cid,
        actor: auth.user,
        action: 'invitation.resend',
        target: { type: 'user', id: target.id, name: target.name },
        after: { expires_at: expiresAt },
      });
    });
    return { success: true, message: `A new invitation was sent to the same address; the earlier link no longer works.` };
  },

  async revoke({ db, auth, query }) {
    await changeCompany(db, auth, 'manage-users', async (t) => {
      const target = await memberOf(t, query.id_customer, query.id_user);
      if (!target.invited) throw badRequest(NO_INVITATION);
      await cancelPending(t, 'revoked', target.id, query.id_customer);
      await t.query('DELETE FROM memberships WHERE user_id = $1 AND customer_id = $2', [target.id, query.id_customer]);
      await audit(t, {
        customerId: query.id_customer,
        actor: auth.user,
        action: 'invitation.revoke',
        target: { type: 'user', id: target.id, name: target.name },
        before: {
          email: target.email,
          status: 'invited',
          role: target.role_id === null ? null : { id: target.role_id, name: target.role_name },
        },
      });
    });
    return { success: true, message: 'The invitation was cancelled.' };
  },

  async show({ db, query }) {
    const i = await findInvitation(db, query.token, query.email);
    return {
      success: true,
      invitation: {
        email: i.email,
        name: i.name,
        company: i.company,
        expires_at: new Date(i.expires_at).toISOString(),
        has_account: i.has_account,
      },
    };
  },

  async accept({ db, body, req }) {
    const found = await findInvitation(db, body.token, body.email);
    // An existing account proves it is theirs with its own password (counted like any password check);
    // a new one chooses it here, with the contract's rule for a new password (the reset form's).
    if (found.has_account) await confirmPassword(db, req, found.user_id, body.password);
    else refuseBroken(newPasswordErrors(body.password));
    const hash = found.has_account ? undefined : await hashPassword(body.password);
    const token = await db.tx(async (t) => {
      // Single use even under two concurrent clicks: only one UPDATE finds the row still open.
      const open = await t.one(
        `UPDATE invitations SET accepted_at = now()
          WHERE id = $1 AND accepted_at IS NULL AND cancelled_at IS NULL AND expires_at > now() RETURNING id`,
        [found.id],
      );
      if (!open) throw new ApiError(410, 'This invitation link has already been used or is no longer valid.');
      if (hash) await t.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [found.user_id, hash]);
      const joined = await t.one(
        `UPDATE memberships SET invited = false, enabled = true
          WHERE user_id = $1 AND customer_id = $2 AND invited RETURNING user_id`,
        [found.user_id, found.customer_id],
      );
      if (!joined) throw new ApiError(410, 'This invitation is no longer valid.');
      await cancelPending(t, 'accepted', found.user_id, found.customer_id);
      await audit(t, {
        customerId: found.customer_id,
        actor: { id: found.user_id, name: found.name },
        action: 'invitation.accept',
        target: { type: 'user', id: found.user_id, name: found.name },
        before: { status: 'invited' },
        after: { status: 'active' },
      });
      return issueToken(t, found.user_id);
    });
    return {
      success: true,
      message: `Welcome to ${found.company}.`,
      token,
      id_customer: found.customer_id,
      user: {
        id: found.user_id,
        name: found.name,
        email: found.email,
        phone: found.phone,
        photo: found.photo,
        termofuse: found.version_terms_use,
        type: found.type,
      },
    };
  },
});
