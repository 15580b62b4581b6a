// User management's write actions for tests/e2e/double-everything.test.ts (My account, roles,
// invitations); listed in order, as a later one acts on what an earlier one made.
import { openUsers } from './users-helpers.ts';
import { button, countOf, dialog, enterTwice, keysOn, type WriteAction } from './double-helpers.ts';

const RESENT = 'A new invitation was sent to the same address; the earlier link no longer works.';

const myAccount = (name: string, how: 'dblclick' | 'enter'): WriteAction => ({
  name: how === 'enter' ? 'My account save, Enter twice' : 'My account save',
  as: 'manager',
  open: async (page, c) => {
    await openUsers(page, c.url, 'account');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
  },
  act: (page) => (how === 'enter' ? enterTwice(page.getByRole('textbox', { name: 'Name' })) : button(page, 'Save changes').dblclick()),
  done: (page) => page.getByText('Your name and phone were saved.').first().waitFor(),
  count: (db) => keysOn(db, '/user/edit'),
  toast: 'Your name and phone were saved.',
});

const invite = (email: string, how: 'dblclick' | 'enter'): WriteAction => ({
  name: how === 'enter' ? 'invite, Enter twice' : 'invite',
  as: 'manager',
  open: async (page, c) => {
    await openUsers(page, c.url, 'accounts');
    await button(page, 'Register User').click();
    const d = dialog(page, 'Register User');
    await d.getByLabel('Email').fill(email);
    await d.getByLabel('Name').fill(`Double ${how}`);
    await d.getByLabel('Role').selectOption({ label: 'Viewer' });
  },
  act: (page) => {
    const d = dialog(page, 'Register User');
    return how === 'enter' ? enterTwice(d.getByLabel('Name')) : d.getByRole('button', { name: 'Send invitation' }).dblclick();
  },
  done: (page) => page.getByText(`An invitation was sent to ${email}.`).first().waitFor(),
  count: (db) => countOf(db, 'SELECT count(*)::int AS n FROM invitations i JOIN users u ON u.id = i.user_id WHERE u.email = $1', [email]),
  toast: `An invitation was sent to ${email}.`,
});

export const USER_ACTIONS: WriteAction[] = [
  myAccount('Alice Once', 'dblclick'),
  myAccount('Alice Twice', 'enter'),
  {
    name: 'role create',
    as: 'manager',
    open: async (page, c) => {
      await openUsers(page, c.url, 'roles');
      await button(page, 'New role').click();
      await page.getByRole('form', { name: 'Role Role Name*' }).getByLabel('Role name').fill('Doubled');
    },
    act: (page) => page.getByRole('form', { name: 'Role Doubled' }).getByRole('button', { name: 'Create role' }).dblclick(),
    done: (page) => page.getByText('The role Doubled was created.').first().waitFor(),
    count: (db, c) => countOf(db, "SELECT count(*)::int AS n FROM roles WHERE customer_id = $1 AND name = 'Doubled'", [c.cid]),
    toast: 'The role Doubled was created.',
  },
  {
    name: 'role save',
    as: 'manager',
    open: async (page, c) => {
      await openUsers(page, c.url, 'roles');
      await page.getByRole('navigation', { name: 'Roles' }).getByRole('button', { name: /Doubled/ }).click();
      await page.getByRole('form', { name: 'Role Doubled' }).getByRole('checkbox', { name: 'See silo images' }).click();
    },
    act: (page) => page.getByRole('form', { name: 'Role Doubled' }).getByRole('button', { name: 'Save role' }).dblclick(),
    done: (page) => page.getByText('The role Doubled was saved.').first().waitFor(),
    count: (db) => keysOn(db, '/customer/role/edit_permissions'),
    toast: 'The role Doubled was saved.',
  },
  invite('double.click@acme.test', 'dblclick'),
  invite('double.enter@acme.test', 'enter'),
  {
    name: 'resend invitation',
    as: 'manager',
    open: (page, c) => openUsers(page, c.url, 'accounts'),
    act: (page) => page.getByRole('button', { name: 'Resend the invitation of Double dblclick' }).dblclick(),
    done: (page) => page.getByText(RESENT).first().waitFor(),
    count: (db) => keysOn(db, '/user/invitation/resend'),
    toast: RESENT,
  },
];
