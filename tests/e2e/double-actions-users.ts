// User management's write actions for tests/e2e/double-everything.test.ts (My account, roles,
// invitations); listed in order, as a later one acts on what an earlier one made.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { changeByHand } from '../support/by-hand.ts';
import { imageFile } from './registration-helpers.ts';
import { openUsers } from './users-helpers.ts';
import {
  button,
  countOf,
  dialog,
  doubleClick,
  enterTwice,
  keysOn,
  SAVED,
  toasts,
  type Ctx,
  type WriteAction,
} from './double-helpers.ts';
import { atRest } from './shell-helpers.ts';

const RESENT = 'A new invitation was sent to the same address; the earlier link no longer works.';

const myAccount = (name: string, how: 'dblclick' | 'enter'): WriteAction => ({
  name: how === 'enter' ? 'My account save, Enter twice' : 'My account save',
  as: 'manager',
  open: async (page, c) => {
    await openUsers(page, c.url, 'account');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
  },
  act: (page) =>
    how === 'enter' ? enterTwice(page.getByRole('textbox', { name: 'Name' })) : doubleClick(button(page, 'Save changes')),
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
    return how === 'enter' ? enterTwice(d.getByLabel('Name')) : doubleClick(d.getByRole('button', { name: 'Send invitation' }));
  },
  done: (page) => page.getByText(`An invitation was sent to ${email}.`).first().waitFor(),
  count: (db) =>
    countOf(db, 'SELECT count(*)::int AS n FROM invitations i JOIN users u ON u.id = i.user_id WHERE u.email = $1', [email]),
  toast: `An invitation was sent to ${email}.`,
});

/** A person's row in Manage Accounts, their actions menu opened at `item`. */
async function personMenu(page: Page, c: Ctx, name: string, item: string) {
  await openUsers(page, c.url, 'accounts');
  // The visit's pull of the people replaces the rows once: open the menu after it (else it may close under the click).
  await page.locator('[data-pulled="true"]').waitFor();
  await atRest(page);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: item }).waitFor();
}

/** A role picked in Roles and Permissions. */
async function openRole(page: Page, c: Ctx, name: string) {
  await openUsers(page, c.url, 'roles');
  // Picked once the visit's pull has ended: the role's form is not replaced under the next click.
  await page.locator('[data-pulled="true"]').waitFor();
  await atRest(page);
  await page
    .getByRole('navigation', { name: 'Roles' })
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .click();
}

/** Delete Account for a person, with the manager's password: the button double-clicked, or Enter twice. */
const removeUser = (name: string, how: 'dblclick' | 'enter', toast: string): WriteAction => ({
  name: how === 'enter' ? 'user remove, Enter twice' : 'user remove',
  as: 'manager',
  open: async (page, c) => {
    await personMenu(page, c, name, 'Delete Account');
    await page.getByRole('menuitem', { name: 'Delete Account' }).click();
    await dialog(page, 'Delete Account').getByLabel('Your password').fill('demo1234');
  },
  act: (page) => {
    const d = dialog(page, 'Delete Account');
    return how === 'enter'
      ? enterTwice(d.getByLabel('Your password'))
      : doubleClick(d.getByRole('button', { name: 'Delete account' }));
  },
  done: (page) => dialog(page, 'Delete Account').waitFor({ state: 'detached' }),
  count: (db) => keysOn(db, '/user/delete'),
  toast,
});

/** The photo file on disk: picked twice, it is the same file (name, size and date), as a user's is. */
let photo: Promise<string> | undefined;
const photoFile = () =>
  (photo ??= imageFile('me-once.png', '#3a6ea5').then((f) => {
    const path = join(mkdtempSync(join(tmpdir(), 'facet-double-')), f.name);
    writeFileSync(path, f.buffer);
    return path;
  }));

/** The terms the server asks for differ from what the manager accepted: the gate shows on the next page. */
const TERMS_OUTDATED = "UPDATE users SET version_terms_use = '0' WHERE email = 'manager@acme.test'";

/** Later user-management actions (after the public pages' invitation acceptance). */
export const LATER_USER_ACTIONS: WriteAction[] = [
  removeUser('Double enter', 'enter', 'The account was deleted.'),
  {
    name: 'role renamed, Enter twice',
    as: 'manager',
    open: async (page, c) => {
      await openRole(page, c, 'Doubled');
      await page.getByRole('form', { name: 'Role Doubled' }).getByLabel('Role name').fill('Doubled Again');
    },
    act: (page) => enterTwice(page.getByRole('form', { name: 'Role Doubled Again' }).getByLabel('Role name')),
    done: (page) => page.getByText('The role Doubled Again was saved.').first().waitFor(),
    count: (db) => keysOn(db, '/customer/role/edit_name'),
    toast: 'The role Doubled Again was saved.',
  },
  {
    name: 'role delete',
    as: 'manager',
    open: async (page, c) => {
      await openRole(page, c, 'Doubled Again');
      await page.getByRole('form', { name: 'Role Doubled Again' }).getByRole('button', { name: 'Delete role' }).click();
    },
    act: (page) =>
      doubleClick(page.getByRole('alertdialog', { name: 'Delete role' }).getByRole('button', { name: 'Delete Doubled Again' })),
    // The confirmation first: while it is open the page behind it is hidden from the accessibility tree,
    // where a role query finds nothing, as if the form were already gone.
    done: async (page) => {
      await page.getByRole('alertdialog', { name: 'Delete role' }).waitFor({ state: 'detached' });
      await page.getByRole('form', { name: 'Role Doubled Again' }).waitFor({ state: 'detached' });
    },
    count: (db) => keysOn(db, '/customer/role/delete'),
  },
  {
    name: 'My account: Send reset link',
    as: 'manager',
    open: (page, c) => openUsers(page, c.url, 'account'),
    act: (page) => doubleClick(button(page, 'Send reset link')),
    done: (page) => button(page, 'Reset link sent').waitFor(),
    count: (db) =>
      countOf(
        db,
        "SELECT count(*)::int AS n FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = 'manager@acme.test'",
      ),
    toast: 'An email was sent to you. Verify your email.',
  },
  {
    name: 'My account: photo picked twice',
    as: 'manager',
    open: async (page, c) => {
      await openUsers(page, c.url, 'account');
      await photoFile();
    },
    act: async (page) => {
      await page.getByLabel('Photo').setInputFiles(await photoFile());
      await page.getByLabel('Photo').setInputFiles(await photoFile());
    },
    done: (page) => page.getByText('Your photo was saved.').first().waitFor(),
    count: (db) => keysOn(db, '/user/photo'),
    toast: 'Your photo was saved.',
  },
  {
    name: 'terms of use accepted',
    as: 'manager',
    open: async (page, c) => {
      await changeByHand(c.s.db, TERMS_OUTDATED);
      await page.goto(`${c.url}/dashboard`);
      const gate = dialog(page, 'Terms of Use');
      await gate.getByRole('switch', { name: 'I accept the terms of use' }).click();
    },
    act: (page) => doubleClick(dialog(page, 'Terms of Use').getByRole('button', { name: 'Accept' })),
    done: (page) => page.getByText('You accepted the terms of use.').first().waitFor(),
    count: (db) => keysOn(db, '/user/terms/update'),
    toast: 'You accepted the terms of use.',
  },
];

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
    act: (page) => doubleClick(page.getByRole('form', { name: 'Role Doubled' }).getByRole('button', { name: 'Create role' })),
    done: (page) => page.getByText('The role Doubled was created.').first().waitFor(),
    count: (db, c) => countOf(db, "SELECT count(*)::int AS n FROM roles WHERE customer_id = $1 AND name = 'Doubled'", [c.cid]),
    toast: 'The role Doubled was created.',
  },
  {
    name: 'role save',
    as: 'manager',
    open: async (page, c) => {
      await openUsers(page, c.url, 'roles');
      await page
        .getByRole('navigation', { name: 'Roles' })
        .getByRole('button', { name: /Doubled/ })
        .click();
      await page.getByRole('form', { name: 'Role Doubled' }).getByRole('checkbox', { name: 'See silo images' }).click();
    },
    act: (page) => doubleClick(page.getByRole('form', { name: 'Role Doubled' }).getByRole('button', { name: 'Save role' })),
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
    act: (page) => doubleClick(page.getByRole('button', { name: 'Resend the invitation of Double dblclick' })),
    done: (page) => page.getByText(RESENT).first().waitFor(),
    count: (db) => keysOn(db, '/user/invitation/resend'),
    toast: RESENT,
  },
  {
    name: 'user disable',
    as: 'manager',
    open: async (page, c) => {
      await personMenu(page, c, 'Victor Viewer', 'Disable Account');
      await page.getByRole('menuitem', { name: 'Disable Account' }).click();
    },
    act: (page) =>
      doubleClick(page.getByRole('alertdialog', { name: 'Disable Account' }).getByRole('button', { name: 'Disable account' })),
    done: (page) => page.getByRole('row').filter({ hasText: 'Victor Viewer' }).getByText('Disabled').waitFor(),
    count: (db) => keysOn(db, '/user/deactivate'),
  },
  {
    name: 'user enable',
    as: 'manager',
    open: (page, c) => personMenu(page, c, 'Victor Viewer', 'Enable Account'),
    act: (page) => doubleClick(page.getByRole('menuitem', { name: 'Enable Account' })),
    done: (page) => page.getByRole('row').filter({ hasText: 'Victor Viewer' }).getByText('Active', { exact: true }).waitFor(),
    count: (db) => keysOn(db, '/user/activate'),
  },
  {
    name: "a person's role, chosen twice",
    as: 'manager',
    open: (page, c) => openUsers(page, c.url, 'accounts'),
    act: async (page) => {
      const role = page.getByLabel('Role of Victor Viewer');
      await role.selectOption({ label: 'Administrator' });
      await role.selectOption({ label: 'Administrator' });
    },
    done: (page) => toasts(page, SAVED).first().waitFor(),
    count: (db) => keysOn(db, '/user/role'),
    toast: SAVED,
  },
  {
    name: 'revoke invitation',
    as: 'manager',
    open: async (page, c) => {
      await openUsers(page, c.url, 'accounts');
      await page.getByRole('button', { name: 'Revoke the invitation of Double dblclick' }).click();
    },
    act: (page) =>
      doubleClick(
        page.getByRole('alertdialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke invitation' }),
      ),
    done: async (page) => {
      await page.getByRole('alertdialog', { name: 'Revoke invitation' }).waitFor({ state: 'detached' }); // as role delete's
      await page.getByRole('button', { name: 'Revoke the invitation of Double dblclick' }).waitFor({ state: 'detached' });
    },
    count: (db) => keysOn(db, '/user/invitation/revoke'),
  },
  // Max Multi is also in Borealis: he leaves Acme only.
  removeUser('Max Multi', 'dblclick', 'The user was removed from this company.'),
];
