// Roles and permissions, what each kind of user sees, My account, and the screen offline, in real
// Chromium (issue 13; document 3 §4, §5, §6, §8).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';
import { desktop, openUsers, shot } from './users-helpers.ts';
import { changeByHand } from '../support/by-hand.ts';

describe.skipIf(skipWithoutChromium('roles and permissions e2e'))('roles, viewers, my account, offline', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => ({ context, page } = await desktop(env.browser)));
  afterEach(async () => context.close());
  const acme = async () => (await env.s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  const roleSlugs = async (name: string) =>
    (
      await env.s.db.query<{ slug: string }>(
        `SELECT rp.slug FROM roles r JOIN role_privileges rp ON rp.role_id = r.id WHERE r.customer_id = $1 AND r.name = $2 ORDER BY rp.slug`,
        [await acme(), name],
      )
    ).map((r) => r.slug);
  const roleCount = async (name: string) =>
    (await env.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM roles WHERE customer_id = $1 AND name = $2', [
      await acme(),
      name,
    ]))!.n;

  async function asManager(tab: 'account' | 'accounts' | 'roles' | 'audit') {
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await openUsers(page, env.s.url, tab);
  }

  it('a role is created, given permissions, renamed and deleted; the first role is locked', async () => {
    await asManager('roles');
    const editor = page.getByRole('form', { name: /^Role / });
    await editor.getByText('The first role holds every permission. It cannot be renamed, edited or deleted.').waitFor();
    expect(await editor.getByRole('checkbox', { name: 'Manage roles' }).isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: 'Delete role' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New role' }).click();
    await page
      .getByRole('navigation', { name: 'Roles' })
      .getByRole('button', { name: /Role Name\*/ })
      .waitFor();
    const fresh = page.getByRole('form', { name: 'Role Role Name*' });
    expect(await fresh.getByLabel('Role name').getAttribute('placeholder')).toBe('Role Name*');
    await fresh.getByRole('button', { name: 'Create role' }).click();
    await fresh.getByText('Give the role a name.').waitFor();
    await fresh.getByLabel('Role name').fill('Buyers');
    const created = page.getByRole('form', { name: 'Role Buyers' });
    await created.getByRole('checkbox', { name: 'See product information' }).click();
    await created.getByRole('checkbox', { name: 'Edit silo images' }).click();
    await created.getByRole('checkbox', { name: 'See silo images' }).click();
    await shot(page, 'roles-new');
    await created.getByRole('button', { name: 'Create role' }).click();
    await page.getByText('The role Buyers was created.').waitFor();
    expect(await roleSlugs('Buyers')).toEqual(['editor-silo-access', 'reader-info-access', 'reader-silo-access']);

    // Rename and take a permission away in one save.
    const saved = page.getByRole('form', { name: 'Role Buyers' });
    await page.getByText('Held by 0 people.').waitFor();
    await saved.getByLabel('Role name').fill('Buyers EU');
    await page.getByRole('form', { name: 'Role Buyers EU' }).getByRole('checkbox', { name: 'Edit silo images' }).click();
    await page.getByRole('navigation', { name: 'Roles' }).getByText('Edited').waitFor();
    await page.getByRole('form', { name: 'Role Buyers EU' }).getByRole('button', { name: 'Save role' }).click();
    await page.getByText('The role Buyers EU was saved.').waitFor();
    expect(await roleCount('Buyers')).toBe(0);
    expect(await roleSlugs('Buyers EU')).toEqual(['reader-info-access', 'reader-silo-access']);
    await shot(page, 'roles-permissions');

    // Delete asks first, naming the role.
    await page.getByRole('form', { name: 'Role Buyers EU' }).getByRole('button', { name: 'Delete role' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete role' });
    await confirm.getByText('The role Buyers EU will be deleted. This cannot be undone.').waitFor();
    await shot(page, 'roles-delete');
    await confirm.getByRole('button', { name: 'Delete Buyers EU' }).click();
    await page.getByText('The role was deleted.').waitFor();
    expect(await roleCount('Buyers EU')).toBe(0);
    await page.getByRole('navigation', { name: 'Roles' }).getByText('Buyers EU').waitFor({ state: 'detached' });

    // A role that still has people is refused: the Error popup with the server's message (§8).
    await page
      .getByRole('navigation', { name: 'Roles' })
      .getByRole('button', { name: /Viewer/ })
      .click();
    await page.getByRole('form', { name: 'Role Viewer' }).getByRole('button', { name: 'Delete role' }).click();
    await page.getByRole('alertdialog', { name: 'Delete role' }).getByRole('button', { name: 'Delete Viewer' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText('Error: This role still has 1 user. Move them to another role before deleting it.').waitFor();
    await shot(page, 'error-popup');
    await error.getByRole('button', { name: 'OK' }).click();
    expect(await roleCount('Viewer')).toBe(1);
  });

  it('a viewer sees their own account only: no lists, no edit controls', async () => {
    await signIn(page, env.s.url, 'viewer@acme.test');
    await page.waitForURL(/\/catalog(\?|$)/);
    await openUsers(page, env.s.url, 'roles'); // asking for a tab they may not see shows their account
    expect(await page.getByRole('tab').count()).toBe(0); // their account is all there is
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    for (const name of ['Register User', 'New role', 'Resend', 'Revoke'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await shot(page, 'viewer');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('manage-roles without manage-users: the people list, but no edit buttons on other users', async () => {
    const cid = await acme();
    const role = (await env.s.db.one<{ id: number }>(
      `INSERT INTO roles (customer_id, name, position) VALUES ($1, 'Role keepers', 50) RETURNING id`,
      [cid],
    ))!;
    await changeByHand(
      env.s.db,
      `INSERT INTO role_privileges (role_id, slug) VALUES ($1, 'manage-roles'), ($1, 'reader-info-access')`,
      [role.id],
    );
    await changeByHand(
      env.s.db,
      `UPDATE memberships SET role_id = $1 WHERE customer_id = $2 AND user_id = (SELECT id FROM users WHERE email = 'multi@facet.test')`,
      [role.id, cid],
    );
    await signIn(page, env.s.url, 'multi@facet.test');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.evaluate((id) => localStorage.setItem('customer_id', String(id)), cid);
    await openUsers(page, env.s.url, 'accounts');
    await page.getByRole('row').filter({ hasText: 'viewer@acme.test' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'My account',
      'Manage Accounts',
      'Roles and Permissions',
      'Audit log',
    ]);
    expect(await page.getByRole('button', { name: 'Register User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
  });

  it('My account: name and phone saved, a photo png or jpeg only, and a reset link', async () => {
    await asManager('account');
    await page.getByRole('textbox', { name: 'Name' }).fill('Alice B. Manager');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0102');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your name and phone were saved.').waitFor();
    await expect
      .poll(async () => env.s.db.one(`SELECT name, phone FROM users WHERE email = 'manager@acme.test'`), { timeout: 10_000 })
      .toEqual({ name: 'Alice B. Manager', phone: '+1 555 0102' });

    const photo = page.getByLabel('Photo');
    // Checked when picked, by the photo call's own rules and words: the type, then the content.
    await photo.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('me.gif: The file must be a file of type: jpg, jpeg, png.').waitFor();
    await photo.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText('fake.png: The file is not a valid image.').waitFor();
    await shot(page, 'my-account-photo-error');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Your photo was saved.').waitFor();
    const stored = (await env.s.db.one<{ photo: string }>(`SELECT photo FROM users WHERE email = 'manager@acme.test'`))!.photo;
    expect(stored).toMatch(/\.png$/);
    await page.locator(`img[src="/storage/${stored}"]`).first().waitFor();
    // The top bar and the side menu show it at once and after a reload, not the page load's user (issue 43).
    const faces = page.getByTestId('menu-user').or(page.getByRole('banner')).locator(`img[src="/storage/${stored}"]`);
    await expect.poll(() => faces.count()).toBe(2);
    await page.reload();
    await expect.poll(() => faces.count()).toBe(2);

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('An email was sent to you. Verify your email.').waitFor();
    await shot(page, 'my-account');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('offline: the page says these actions need a connection, disables them, shows the last lists, and queues name and phone', async () => {
    await asManager('accounts');
    await page.getByRole('row').filter({ hasText: 'viewer@acme.test' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('region', { name: 'Offline' }).getByText('These actions need a connection.').waitFor();
    // The notice, the toolbar and the table's rows may show the change in different renders: wait for each.
    await expect.poll(() => page.getByRole('button', { name: 'Register User' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Role of Victor Viewer' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Actions for Victor Viewer' }).isDisabled()).toBe(true);
    await page.getByRole('row').filter({ hasText: 'viewer@acme.test' }).waitFor(); // the last known list stays
    await shot(page, 'offline');

    await page.getByRole('tab', { name: 'My account' }).click();
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0777');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved on this device. It will be sent when you are back online').waitFor();
    await page.getByText('Waiting to be sent').waitFor();
    expect(await page.getByRole('button', { name: 'Send reset link' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect
      .poll(
        async () => (await env.s.db.one<{ phone: string }>(`SELECT phone FROM users WHERE email = 'manager@acme.test'`))!.phone,
        { timeout: 15_000 },
      )
      .toBe('+1 555 0777');
    await page.getByText('Waiting to be sent').waitFor({ state: 'detached' });
  });
});
