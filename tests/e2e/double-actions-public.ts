// The public pages' write actions for tests/e2e/double-everything.test.ts, done signed out: the
// registration wizard (company, then manager) and self-registration. The wizard goes first, as a
// self-registration signs the browser in.
import { button, countOf, dialog, type WriteAction } from './double-helpers.ts';
import { fillWizard, wizardSteps } from './registration-helpers.ts';

export const PUBLIC_ACTIONS: WriteAction[] = [
  {
    name: 'registration wizard',
    as: 'guest',
    open: async (page, c) => {
      await page.goto(`${c.url}/register/customer`);
      await fillWizard(page, wizardSteps({ company: 'Double Wizard Co', email: 'wanda@wizard.test' }));
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
