// A person's life in a company, in real Chromium (issue 13): a manager invites them; the mail's link
// sets their password and signs them in with the role's menus; a role change shows on their reload;
// disabling them sends their open tab to Login on its next call; deleting them needs the manager's
// password (a wrong one is said at the field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { seriousViolations, signIn, tokenCookie } from './shell-helpers.ts';
import { desktop, openUsers, shot, waitForInvitation } from './users-helpers.ts';

const NEW = { email: 'nora.new@example.test', name: 'Nora New', password: 'nora-pass-1' };

describe.skipIf(skipWithoutChromium('user management e2e'))('invite, role, disable, delete', () => {
  const env = usePortalAndBrowser();
  let manager: { context: BrowserContext; page: Page };
  let person: { context: BrowserContext; page: Page };
  const row = () => manager.page.getByRole('row').filter({ hasText: NEW.email });
  const mainMenu = (p: Page) => p.getByRole('navigation', { name: 'Main menu' });

  beforeAll(async () => {
    manager = await desktop(env.browser);
    person = await desktop(env.browser);
    await signIn(manager.page, env.s.url, 'manager@acme.test');
    await manager.page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await manager?.context.close();
    await person?.context.close();
  });

  it('a manager invites a person with Register User (email, name, role and company required)', async () => {
    const page = manager.page;
    await openUsers(page, env.s.url);
    await page.getByRole('tab', { name: 'Manage Accounts', selected: true }).waitFor();
    await page.getByRole('row').filter({ hasText: 'viewer@acme.test' }).waitFor();
    await shot(page, 'manage-accounts');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Register User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register User' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('The email field is required.').waitFor();
    await dialog.getByText('Choose a role.').waitFor();
    await shot(page, 'register-user-errors');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Email').fill('nora.new@');
    await dialog.getByLabel('Name').fill(NEW.name);
    await dialog.getByLabel('Role').selectOption({ label: 'Viewer' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Please enter a valid email').waitFor();
    expect(await dialog.getByLabel('Company').inputValue()).toBe(String(await acme()));
    await dialog.getByLabel('Email').fill(NEW.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation was sent to ${NEW.email}.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Pending, with Resend and Revoke; the same address cannot be invited twice (the server's message at the field).
    const pending = page.locator('section', { has: page.getByRole('heading', { name: 'Invitations pending' }) });
    await pending.getByText(NEW.email).waitFor();
    await row().getByText('Invited').waitFor();
    await shot(page, 'invitation-pending');
    await pending.getByRole('button', { name: `Resend the invitation of ${NEW.name}` }).click();
    await page.getByText('A new invitation was sent to the same address; the earlier link no longer works.').waitFor();
  });

  it('the mailed link sets the password and signs the person in with the role’s menus', async () => {
    const link = await waitForInvitation(env.s, NEW.email);
    const page = person.page;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, env.s.url));
    await page.getByRole('heading', { name: 'Join Acme Living' }).waitFor();
    await page.getByText(`Welcome, ${NEW.name}.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('New password').fill(NEW.password);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Password do not match!').waitFor();
    await shot(page, 'accept-invite');
    await page.getByLabel('Confirm password').fill(NEW.password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    // Viewer: reader slugs only, no dashboard-access, so the Dashboard sends them on to the catalogue.
    await page.waitForURL(/\/catalog(\?|$)/);
    expect(await tokenCookie(person.context)).toBeTruthy();
    // A new person accepts the terms of use first (document 1 §4).
    const terms = page.getByRole('dialog', { name: 'Terms of Use' });
    // Issue 43: nothing "changed" for someone who never accepted them.
    await terms.getByText('Before you start, please read the').waitFor();
    expect(await terms.getByText('have changed').count()).toBe(0);
    await terms.getByRole('switch', { name: 'I accept the terms of use' }).click();
    await terms.getByRole('button', { name: 'Accept' }).click();
    await terms.waitFor({ state: 'detached' });
    await mainMenu(page).getByRole('link', { name: 'Product Catalog' }).waitFor();
    expect(await mainMenu(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await mainMenu(page).getByRole('link', { name: 'User Management' }).count()).toBe(0);
    // The link was used: it says so now.
    const again = await person.context.newPage();
    await again.goto(link.replace(/^https?:\/\/[^/]+/, env.s.url));
    await again.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await again.getByText(/already been used|no longer valid/).waitFor();
    await again.close();
    // The manager sees them active now.
    await openUsers(manager.page, env.s.url, 'accounts');
    await row().getByText('Active').waitFor();
  });

  it('the manager changes their role; the person’s menus change on reload', async () => {
    await row().getByLabel(`Role of ${NEW.name}`).selectOption({ label: 'Administrator' });
    await manager.page.getByText('The role was changed.').waitFor();
    await person.page.reload();
    await mainMenu(person.page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await mainMenu(person.page).getByRole('link', { name: 'User Management' }).waitFor();
  });

  it('disabling them sends their open tab to Login on its next call', async () => {
    await person.page.goto(`${env.s.url}/catalog`);
    await person.page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    await row()
      .getByRole('button', { name: `Actions for ${NEW.name}` })
      .click();
    await manager.page.getByRole('menuitem', { name: 'Disable Account' }).click();
    const confirm = manager.page.getByRole('alertdialog', { name: 'Disable Account' });
    await confirm.getByText(`${NEW.name} (${NEW.email}) will be signed out at once`).waitFor();
    await shot(manager.page, 'disable-account');
    // Their tab's calls from here: the first refused one is timed (the live channel's reconnect may come
    // before the manager's own answer is read).
    let refusedAt: number | undefined;
    person.page.on('response', (r) => void (r.status() === 401 && (refusedAt ??= Date.now())));
    const [response] = await Promise.all([
      manager.page.waitForResponse((r) => r.url().includes('/user/deactivate')),
      confirm.getByRole('button', { name: 'Disable account' }).click(),
    ]);
    const disabledAt = Date.now();
    expect(response.status()).toBe(200);
    // The tab goes to Login: at once through the live channel (the server ends their stream), else on its
    // next call (returning to the tab pulls the lists), refused. The focus may find it already leaving.
    await person.page.evaluate(() => window.dispatchEvent(new Event('focus'))).catch(() => undefined);
    await person.page.waitForURL('**/login');
    const ms = Date.now() - disabledAt;
    console.log(
      `[facet] disable -> open tab on Login ${ms} ms (first refused call ${refusedAt ? refusedAt - disabledAt : 'none'} ms)`,
    );
    expect(await tokenCookie(person.context)).toBeUndefined();
    await row().getByText('Disabled').waitFor();
    // And they cannot sign in again.
    await signIn(person.page, env.s.url, NEW.email, NEW.password);
    await person.page.getByText(/disabled/i).waitFor();
  });

  it('deleting them asks for the manager’s password: a wrong one is refused at the field, the right one deletes', async () => {
    const page = manager.page;
    await row()
      .getByRole('button', { name: `Actions for ${NEW.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('The password is incorrect.').waitFor();
    await shot(page, 'delete-account-wrong-password');
    expect(await seriousViolations(page)).toEqual([]);
    const members = () =>
      env.s.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1`,
        [NEW.email],
      );
    expect((await members())!.n).toBe(1); // a wrong password changes nothing
    await dialog.getByLabel('Your password').fill('demo1234');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('The account was deleted.').waitFor();
    await row().waitFor({ state: 'detached' });
    expect((await members())!.n).toBe(0);
    // The audit log tells the story, newest first.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: `deleted the account of ${NEW.name} (Removed user)` }).waitFor();
    await page.getByRole('cell', { name: `disabled the account of ${NEW.name} (Removed user)` }).waitFor();
    await page.getByRole('cell', { name: `invited ${NEW.name} (Removed user) as Viewer` }).waitFor();
    await shot(page, 'audit-log');
    expect(await seriousViolations(page)).toEqual([]);
  });

  const acme = async () => (await env.s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
});
