// The public pages' write actions for tests/e2e/double-everything.test.ts, done signed out: a reset
// link asked for and used, the registration wizard (company, then manager) and self-registration,
// then the new account's tutorial; later (once an invitation was sent) an invitation accepted. A
// self-registration signs the browser in, so the later one signs out first.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { createCompany } from '../../server/domain/accounts.ts';
import { waitForInvitation } from './users-helpers.ts';
import { button, countOf, dialog, doubleClick, enterTwice, keysOn, signedOut, type WriteAction } from './double-helpers.ts';
import { fillWizard, termsBox, wizardSteps } from './registration-helpers.ts';

/** A reset link of Borealis's manager, as the mail would carry it (the server keeps only its hash). */
const RESET_SECRET = 'double-everything-reset-secret';
const RESET_ROW = `INSERT INTO password_resets (user_id, token_hash, expires_at)
  SELECT id, $1, now() + interval '30 minutes' FROM users WHERE email = 'manager@borealis.test'`;

/** Self-registration's form, terms accepted. */
async function fillSelf(page: Page, who: { Company: string; Username: string; Email: string }) {
  const fields = { ...who, Password: 'secret123', 'Confirm password': 'secret123' };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('checkbox').check();
}

export const PUBLIC_ACTIONS: WriteAction[] = [
  {
    name: 'forgot password (Login), Enter twice',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/login`);
      await button(page, 'Forgot your password?').click();
      await page.getByLabel('Email').fill('manager@borealis.test');
    },
    act: (page) => enterTwice(page.getByLabel('Email')),
    done: (page) => page.getByText('An email was sent to you. Verify your email.').waitFor(),
    count: (db) =>
      countOf(
        db,
        "SELECT count(*)::int AS n FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = 'manager@borealis.test'",
      ),
  },
  {
    name: 'reset password',
    as: 'guest',
    open: async (page, c) => {
      await c.s.db.query(RESET_ROW, [createHash('sha256').update(RESET_SECRET).digest('hex')]);
      await page.goto(`${c.url}/reset-password?token=${RESET_SECRET}&email=manager%40borealis.test`);
      await page.getByRole('textbox', { name: 'New password' }).fill('borealis-new-1');
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('borealis-new-1');
    },
    act: (page) => doubleClick(button(page, 'Save password')),
    done: (page) => page.getByText('Your new password has been registered.').waitFor(),
    count: (db) => keysOn(db, '/api/auth/reset-password'),
  },
  {
    name: 'registration wizard',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/register/customer`);
      await fillWizard(page, wizardSteps({ company: 'Double Wizard Co', email: 'wanda@wizard.test' }));
    },
    act: (page) => doubleClick(button(page, 'Register')),
    done: (page) => dialog(page, 'Registration').getByText('Create accontu with success!!').waitFor(),
    // Companies have no unique name: a second registration would make a second one.
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM customers WHERE lower(name) = 'double wizard co'"),
  },
  {
    name: "manager registration (the wizard's second half), Enter twice",
    as: 'guest',
    open: async (page, c) => {
      // A company registered a moment ago, still without its manager (the wizard's first half).
      const co = await createCompany(c.s.db, { name: 'Manager Wanted Co' });
      await page.goto(`${c.url}/register-manager?id_customer=${co.id}`);
      // The wizard's manager part starts at its seventh step (src/features/auth/register.ts).
      await fillWizard(page, wizardSteps({ company: 'Manager Wanted Co', email: 'second@wizard.test' }).slice(6));
      await termsBox(page).check();
    },
    act: (page) => enterTwice(page.getByLabel('Confirm password', { exact: true })),
    done: (page) => dialog(page, 'Registration').getByText('Create accontu with success!!').waitFor(),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM users WHERE email = 'second@wizard.test'"),
  },
  {
    name: 'self-registration',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/register`);
      await fillSelf(page, { Company: 'Twice Self Co', Username: 'twice', Email: 'twice@self.test' });
    },
    act: (page) => doubleClick(button(page, 'Sign Up')),
    done: (page) => page.waitForURL('**/product/*'),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM users WHERE email = 'twice@self.test'"),
  },
  {
    name: 'self-registration, Enter twice',
    as: 'guest',
    open: async (page, c) => {
      await signedOut(page, c.url);
      await page.goto(`${c.url}/register`);
      await fillSelf(page, { Company: 'Entered Self Co', Username: 'entered', Email: 'entered@self.test' });
    },
    act: (page) => enterTwice(page.getByLabel('Confirm password', { exact: true })),
    done: (page) => page.waitForURL('**/product/*'),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM users WHERE email = 'entered@self.test'"),
  },
  {
    name: 'tutorial watched (Add Products, the new account)',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/product/add`);
      await dialog(page, 'How to register products').waitFor();
    },
    act: (page) => doubleClick(dialog(page, 'How to register products').getByRole('button', { name: 'Got it' })),
    done: (page) => dialog(page, 'How to register products').waitFor({ state: 'detached' }),
    count: (db) => keysOn(db, '/user/tutorial/watched'),
  },
];

/** After user management's invitations (and the viewer enabled again): a sign-in, and an invitation accepted from its mail. */
export const INVITED_ACTIONS: WriteAction[] = [
  {
    name: 'login, Enter twice',
    as: 'guest',
    open: async (page, c) => {
      await signedOut(page, c.url);
      await page.getByLabel('Email').fill('viewer@acme.test');
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
    },
    act: (page) => enterTwice(page.getByLabel('Password', { exact: true })),
    done: (page) => page.waitForURL('**/dashboard'),
    // A sign-in is one session: one token. Its answer is a secret, so it is not kept under a key.
    keyless: true,
    count: (db) =>
      countOf(
        db,
        "SELECT count(*)::int AS n FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'viewer@acme.test'",
      ),
  },
  {
    name: 'invitation accepted',
    as: 'guest',
    open: async (page, c) => {
      await signedOut(page, c.url);
      // The mail's link names the public address; the test portal has its own.
      const link = new URL(await waitForInvitation(c.s, 'double.enter@acme.test'));
      await page.goto(`${c.url}${link.pathname}${link.search}`);
      await page.getByRole('textbox', { name: 'New password' }).fill('double-enter-1');
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('double-enter-1');
    },
    act: (page) => doubleClick(button(page, 'Set password and sign in')),
    done: (page) => page.waitForURL('**/dashboard'),
    count: (db) => keysOn(db, '/user/invitation/accept'),
  },
];
