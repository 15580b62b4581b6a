// The public pages' write actions for tests/e2e/double-everything.test.ts, done signed out: the
// registration wizard (company, then manager) and self-registration. The wizard goes first, as a
// self-registration signs the browser in.
import type { Page } from 'playwright-core';
import { button, countOf, dialog, type WriteAction } from './double-helpers.ts';

/** The wizard's ten steps (src/features/auth/register.ts), one or two fields each; '' is a step with none. */
const WIZARD: Record<string, string>[] = [
  { 'Company name': 'Double Wizard Co', Country: 'Norway' },
  { Street: 'Storgata 1', City: 'Oslo' },
  { Region: 'Oslo', Zipcode: '0155' },
  { Sector: 'Furniture', Website: 'https://wizard.test' },
  { Description: 'Registered once.' },
  {},
  { Name: 'Wanda', 'Last name': 'Wizard' },
  { Email: 'wanda@wizard.test', Phone: '+47 555 0100' },
  { Office: 'Owner' },
  { Password: 'secret123', 'Confirm password': 'secret123' },
];

async function fillWizard(page: Page) {
  for (const [i, fields] of WIZARD.entries()) {
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    if (i < WIZARD.length - 1) await button(page, 'Next').click();
  }
}

export const PUBLIC_ACTIONS: WriteAction[] = [
  {
    name: 'registration wizard',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/register/customer`);
      await fillWizard(page);
    },
    act: (page) => button(page, 'Register').dblclick(),
    done: (page) => dialog(page, 'Registration').getByText('Create accontu with success!!').waitFor(),
    // Companies have no unique name: a second registration would make a second one.
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM customers WHERE lower(name) = 'double wizard co'"),
  },
  {
    name: 'self-registration',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/register`);
      const fields = { Company: 'Twice Self Co', Username: 'twice', Email: 'twice@self.test', Password: 'secret123', 'Confirm password': 'secret123' };
      for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('checkbox').check();
    },
    act: (page) => button(page, 'Sign Up').dblclick(),
    done: (page) => page.waitForURL('**/product/*'),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM users WHERE email = 'twice@self.test'"),
  },
];
