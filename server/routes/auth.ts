// Document 1 §7: sign-in, password reset, registration, current user, terms, have_access.
import sharp from 'sharp';
import { auth as contract } from '../../src/api/contract/auth.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import { companiesOf } from '../auth/access.ts';
import { hashPassword, newSecret, sha256, verifyPassword } from '../auth/passwords.ts';
import { accountUsable, issueToken } from '../auth/tokens.ts';
import { addMember, createCompany, createUser, isEmail } from '../domain/accounts.ts';
import { ApiError, badRequest, fieldError, forbidden } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import type { Services } from '../services.ts';

const RESET_MINUTES = 60;
const INVALID_LOGIN = 'Invalid email or password';
const DISABLED = "Your account is disabled. Ask your company's manager to enable it.";

async function termsVersion(s: Services): Promise<string> {
  const row = await s.db.one<{ value: string }>(`SELECT value FROM settings WHERE key = 'terms_version'`);
  return row?.value ?? '1';
}

/** Logos and profile pictures are kept as PNG at the paths the specs name. */
async function savePicture(s: Services, path: string, bytes: Buffer) {
  await s.storage.write(path, await sharp(bytes).resize({ width: 512, height: 512, fit: 'inside' }).png().toBuffer());
  return path;
}

export const authRoutes = implement(contract, {
  async login({ db, body }) {
    const email = body.email.trim().toLowerCase();
    const user = await db.one<{ id: number; name: string; email: string; phone: string | null; photo: string | null; password_hash: string; version_terms_use: string; type: string; enabled: boolean }>(
      'SELECT * FROM users WHERE email = $1', [email]);
    if (!user || !user.enabled || !(await verifyPassword(body.password, user.password_hash))) {
      throw new ApiError(401, INVALID_LOGIN);
    }
    // Said only to someone who knows the password, so it reveals nothing to a guesser.
    if (!(await accountUsable(db, user.id))) throw forbidden(DISABLED);
    const token = await issueToken(db, user.id);
    return {
      success: true, token,
      user: { id: user.id, name: user.name, email: user.email, phone: user.phone, photo: user.photo, termofuse: user.version_terms_use, type: user.type },
    };
  },

  async forgotPassword(s) {
    const email = s.query.email.trim().toLowerCase();
    if (!isEmail(email)) throw fieldError('email', 'Invalid email format');
    const user = await s.db.one<{ id: number; name: string }>('SELECT id, name FROM users WHERE email = $1 AND enabled', [email]);
    // The answer is the same whether or not the address is known, so it reveals no accounts.
    if (user && (await accountUsable(s.db, user.id))) {
      const secret = newSecret();
      await s.db.query(
        `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '${RESET_MINUTES} minutes')`,
        [user.id, sha256(secret)]);
      const link = `${s.config.publicUrl}/reset-password?token=${secret}&email=${encodeURIComponent(email)}`;
      await s.mailer.send({
        to: email,
        subject: 'Reset your Facet password',
        text: `Hello ${user.name},\n\nSet a new password here (valid for ${RESET_MINUTES} minutes, once):\n${link}\n\nIf you did not ask for this, ignore this message.`,
      });
    }
    return { success: true, message: 'An email was sent to you. Verify your email.' };
  },

  async resetPassword({ db, body }) {
    if (body.password.length < 8) throw fieldError('password', 'The password field must be at least 8 characters.');
    const email = body.email.trim().toLowerCase();
    const reset = await db.one<{ id: number; user_id: number }>(
      `SELECT r.id, r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE r.token_hash = $1 AND u.email = $2 AND r.used_at IS NULL AND r.expires_at > now()`,
      [sha256(body.token), email]);
    if (!reset || !(await accountUsable(db, reset.user_id))) throw fieldError('token', 'This password reset link is invalid or has expired.');
    await db.tx(async (t) => {
      await t.query('UPDATE password_resets SET used_at = now() WHERE id = $1', [reset.id]);
      await t.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [reset.user_id, await hashPassword(body.password)]);
      // A new password signs every device out.
      await t.query('DELETE FROM access_tokens WHERE user_id = $1', [reset.user_id]);
    });
    return { success: true, message: 'Your new password has been registered.' };
  },

  async registerCompany(s) {
    const b = s.body;
    const company = await s.db.tx((t) => createCompany(t, { ...b, name: b.name_company }));
    const logo = s.files.profile_logo;
    if (logo) {
      const path = await savePicture(s, `users/customers/${company.id}.png`, logo.bytes);
      await s.db.query('UPDATE customers SET photo = $2 WHERE id = $1', [company.id, path]);
    }
    return { success: true, id_customer: company.id };
  },

  async registerManager(s) {
    const b = s.body;
    if (b.password !== b.password_confirmation) {
      throw fieldError('password', 'The password field confirmation does not match.');
    }
    if (!isEmail(b.email)) throw fieldError('email', 'The email field must be a valid email address.');
    // Without an account, only the first manager of a company registered in the last day may sign up.
    const company = await s.db.one<{ id: number; role_id: number; members: number }>(
      `SELECT c.id, r.id AS role_id, (SELECT count(*)::int FROM memberships m WHERE m.customer_id = c.id) AS members
         FROM customers c JOIN roles r ON r.customer_id = c.id AND r.position = 0
        WHERE c.id = $1 AND c.created_at > now() - interval '1 day'`, [b.id_customer]);
    if (!company || company.members > 0) throw forbidden('This company cannot take a new manager here. Ask its manager to invite you.');
    const userId = await s.db.tx(async (t) => {
      const id = await createUser(t, { name: b.name, last_name: b.last_name, email: b.email, password: b.password, phone: b.phone_number, office: b.office });
      await addMember(t, id, company.id, company.role_id);
      return id;
    });
    const picture = s.files.picture_profile;
    if (picture) {
      const path = await savePicture(s, `users/clients/${userId}.png`, picture.bytes);
      await s.db.query('UPDATE users SET photo = $2 WHERE id = $1', [userId, path]);
    }
    return { success: true, message: 'Manager registered successfully.' };
  },

  async registerCustomer({ db, body }) {
    if (!isEmail(body.email)) throw fieldError('email', 'Please enter a valid email');
    const { userId, productId } = await db.tx(async (t) => {
      const company = await createCompany(t, { name: body.company });
      const userId = await createUser(t, { name: body.username, email: body.email, password: body.password });
      await addMember(t, userId, company.id, company.fullRoleId);
      const product = await t.one<{ id: number }>(
        `INSERT INTO products (customer_id, name, note) VALUES ($1, 'My first product', 'Some more details to inform about technical aspects of the product.') RETURNING id`,
        [company.id]);
      return { userId, productId: product!.id };
    });
    return { success: true, token: await issueToken(db, userId), product_id: productId };
  },

  async currentUser({ db, auth }) {
    const companies = await companiesOf(db, auth.user);
    const u = auth.user;
    return {
      id: u.id, name: u.name, urlImage: u.photo, email: u.email, phone: u.phone,
      version_terms_use: u.version_terms_use, type: u.type,
      companies: companies.map((c) => ({ id: c.id, name: c.name, urlImage: c.photo })),
    };
  },

  async termsVersion(s) {
    return { success: true, version: await termsVersion(s) };
  },

  async acceptTerms(s) {
    const current = await termsVersion(s);
    if (s.body.version !== current) throw badRequest(`The current terms version is ${current}.`, { version: [`The current terms version is ${current}.`] });
    await s.db.query('UPDATE users SET version_terms_use = $2, updated_at = now() WHERE id = $1', [s.auth.user.id, current]);
    return { success: true };
  },

  async haveAccess({ auth, query }) {
    const asked = query.slugs.split(',').map((x) => x.trim()).filter(Boolean).slice(0, 100);
    const all = auth.isStaff && query.id_customer === PROVIDER_CONTEXT;
    return { success: true, data: Object.fromEntries(asked.map((slug) => [slug, all || auth.slugs.has(slug as never)])) };
  },
});
