// Document 1 §7: sign-in, password reset, registration, current user, terms, have_access.
import sharp from 'sharp';
import { auth as contract } from '../../src/api/contract/auth.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import { companiesOf } from '../auth/access.ts';
import { hashPassword, newSecret, sha256, unknownUserHash, verifyPassword } from '../auth/passwords.ts';
import { passwordCheckedAction, trustDevice } from '../auth/throttle.ts';
import { accountUsable, issueToken } from '../auth/tokens.ts';
import { addMember, createCompany, createUser } from '../domain/accounts.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { authWords, emailError, INVALID_LOGIN } from '../../src/api/contract/rules/auth.ts';
import { companyRegistrationRules, managerErrors, selfRegistrationRules } from '../../src/api/contract/rules/user.ts';
import { ApiError, badRequest, fieldError, forbidden, refuseBroken } from '../http/errors.ts';
import { DEFAULT_NOTE } from '../../src/api/contract/rules/product.ts';
import { implement } from '../http/routes.ts';
import type { UploadedFile } from '../http/multipart.ts';
import type { Services } from '../services.ts';
import { txWithFiles } from '../storage/files.ts';

const RESET_MINUTES = 60;
const DISABLED = "Your account is disabled. Ask your company's manager to enable it.";

async function termsVersion(s: Services): Promise<string> {
  const row = await s.db.one<{ value: string }>(`SELECT value FROM settings WHERE key = 'terms_version'`);
  return row?.value ?? '1';
}

/** The terms version a registration records: the current one when the box was ticked. */
const acceptedTerms = async (s: Services, ticked: 0 | 1 | undefined) => (ticked === 1 ? termsVersion(s) : undefined);

/** Logos and profile pictures are kept as PNG at the paths the specs name (made before any write). */
const asPicture = (file: UploadedFile | undefined) =>
  file && sharp(file.bytes).resize({ width: 512, height: 512, fit: 'inside' }).png().toBuffer();

export const authRoutes = implement(contract, {
  async login({ db, body, req, reply, config }) {
    const email = body.email.trim().toLowerCase();
    const user = await db.one<{
      id: number;
      name: string;
      email: string;
      phone: string | null;
      photo: string | null;
      password_hash: string;
      version_terms_use: string;
      type: string;
      enabled: boolean;
    }>('SELECT * FROM users WHERE email = $1', [email]);
    // Counted per account (429 while it must wait); an unknown address costs the same scrypt, so timing reveals nothing.
    const ok = await passwordCheckedAction(db, req, email, async () => {
      const matches = await verifyPassword(body.password, user?.password_hash ?? (await unknownUserHash()));
      return !!user && user.enabled && matches;
    });
    if (!ok || !user) throw new ApiError(401, INVALID_LOGIN);
    // Said only to someone who knows the password, so it reveals nothing to a guesser.
    if (!(await accountUsable(db, user.id))) throw forbidden(DISABLED);
    await trustDevice(db, req, reply, email, config.publicUrl.startsWith('https:'));
    const token = await issueToken(db, user.id);
    return {
      success: true,
      token,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        photo: user.photo,
        termofuse: user.version_terms_use,
        type: user.type,
      },
    };
  },

  async forgotPassword(s) {
    const email = s.query.email.trim().toLowerCase();
    // The forgot screen's own rule and words (an '@' is enough), never the whole e-mail check.
    const wrong = emailError('forgot', email);
    if (wrong) throw fieldError('email', wrong);
    const user = await s.db.one<{ id: number; name: string }>('SELECT id, name FROM users WHERE email = $1 AND enabled', [email]);
    // The answer is the same whether or not the address is known, so it reveals no accounts.
    if (user && (await accountUsable(s.db, user.id))) {
      const secret = newSecret();
      const link = `${s.config.publicUrl}/reset-password?token=${secret}&email=${encodeURIComponent(email)}`;
      // Mailed inside the transaction: a link that was never sent leaves no live reset behind.
      await s.db.tx(async (t) => {
        await t.query(
          `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '${RESET_MINUTES} minutes')`,
          [user.id, sha256(secret)],
        );
        await s.mailer.send({
          to: email,
          subject: 'Reset your Facet password',
          text: `Hello ${user.name},\n\nSet a new password here (valid for ${RESET_MINUTES} minutes, once):\n${link}\n\nIf you did not ask for this, ignore this message.`,
        });
      });
    }
    return { success: true, message: authWords.resetSent };
  },

  async resetPassword({ db, body }) {
    // The password's 8 characters are the body schema's (the contract's newPassword), checked before this runs.
    const email = body.email.trim().toLowerCase();
    const reset = await db.one<{ id: number; user_id: number }>(
      `SELECT r.id, r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE r.token_hash = $1 AND u.email = $2 AND r.used_at IS NULL AND r.expires_at > now()`,
      [sha256(body.token), email],
    );
    if (!reset || !(await accountUsable(db, reset.user_id)))
      throw fieldError('token', 'This password reset link is invalid or has expired.');
    await db.tx(async (t) => {
      await t.query('UPDATE password_resets SET used_at = now() WHERE id = $1', [reset.id]);
      await t.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
        reset.user_id,
        await hashPassword(body.password),
      ]);
      // A new password signs every device out.
      await t.query('DELETE FROM access_tokens WHERE user_id = $1', [reset.user_id]);
    });
    return { success: true, message: authWords.passwordSet };
  },

  async registerCompany(s) {
    const b = s.body;
    refuseBroken(tableErrors(companyRegistrationRules, b));
    const logo = await asPicture(s.files.profile_logo);
    // One transaction with the logo file: a failure leaves no half-registered company to retry around.
    const id = await txWithFiles(s, async (t, files) => {
      const company = await createCompany(t, { ...b, name: b.name_company });
      if (logo) {
        // A random name, not the company's id: stored files are served to whoever has the name (issue 40).
        const path = await files.save('users/customers', 'png', logo);
        await t.query('UPDATE customers SET photo = $2 WHERE id = $1', [company.id, path]);
      }
      return company.id;
    });
    return { success: true, id_customer: id };
  },

  async registerManager(s) {
    const b = s.body;
    refuseBroken(managerErrors(b));
    const picture = await asPicture(s.files.picture_profile);
    const terms = await acceptedTerms(s, b.terms_accepted);
    await txWithFiles(s, async (t, files) => {
      // Without an account, only the first manager of a company registered in the last day may sign up.
      // The company row stays locked until commit, so two racing registrations cannot both be first.
      const company = await t.one<{ id: number; role_id: number }>(
        `SELECT c.id, r.id AS role_id FROM customers c JOIN roles r ON r.customer_id = c.id AND r.position = 0
          WHERE c.id = $1 AND c.created_at > now() - interval '1 day' FOR UPDATE OF c`,
        [b.id_customer],
      );
      const members =
        company &&
        (await t.one<{ n: number }>('SELECT count(*)::int AS n FROM memberships WHERE customer_id = $1', [company.id]))!.n;
      if (!company || members) throw forbidden('This company cannot take a new manager here. Ask its manager to invite you.');
      const id = await createUser(t, {
        name: b.name,
        last_name: b.last_name,
        email: b.email,
        password: b.password,
        phone: b.phone_number,
        office: b.office,
        terms,
      });
      await addMember(t, id, company.id, company.role_id);
      if (picture) {
        const path = await files.save('users/clients', 'png', picture);
        await t.query('UPDATE users SET photo = $2 WHERE id = $1', [id, path]);
      }
    });
    return { success: true, message: 'Manager registered successfully.' };
  },

  async registerCustomer(s) {
    const { db, body } = s;
    refuseBroken(tableErrors(selfRegistrationRules, body));
    const terms = await acceptedTerms(s, body.terms_accepted);
    const { token, productId } = await db.tx(async (t) => {
      const company = await createCompany(t, { name: body.company });
      const userId = await createUser(t, { name: body.username, email: body.email, password: body.password, terms });
      await addMember(t, userId, company.id, company.fullRoleId);
      const product = await t.one<{ id: number }>(
        `INSERT INTO products (customer_id, name, note) VALUES ($1, 'My first product', $2) RETURNING id`,
        [company.id, DEFAULT_NOTE],
      );
      return { token: await issueToken(t, userId), productId: product!.id };
    });
    return { success: true, token, product_id: productId };
  },

  async currentUser({ db, auth }) {
    const companies = await companiesOf(db, auth.user);
    const u = auth.user;
    return {
      id: u.id,
      name: u.name,
      urlImage: u.photo,
      email: u.email,
      phone: u.phone,
      version_terms_use: u.version_terms_use,
      type: u.type,
      companies: companies.map((c) => ({ id: c.id, name: c.name, urlImage: c.photo })),
    };
  },

  async termsVersion(s) {
    return { success: true, version: await termsVersion(s) };
  },

  async acceptTerms(s) {
    const current = await termsVersion(s);
    if (s.body.version !== current)
      throw badRequest(`The current terms version is ${current}.`, { version: [`The current terms version is ${current}.`] });
    await s.db.query('UPDATE users SET version_terms_use = $2, updated_at = now() WHERE id = $1', [s.auth.user.id, current]);
    return { success: true };
  },

  async haveAccess({ auth, query }) {
    const asked = query.slugs
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .slice(0, 100);
    const all = auth.isStaff && query.id_customer === PROVIDER_CONTEXT;
    return { success: true, data: Object.fromEntries(asked.map((slug) => [slug, all || auth.slugs.has(slug as never)])) };
  },
});
