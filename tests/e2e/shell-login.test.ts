// Login, forgot-password and reset screens in real Chromium against the real server (document 1 §4, §5, §8).
import { gzipSync } from 'node:zlib';
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { LOGIN_ERROR_MS } from '../../src/features/auth/rules.ts';
import { seriousViolations, signIn, tokenCookie } from './shell-helpers.ts';
import { fillWizard, wizardSteps } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('shell login e2e'))('login screens', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  it('shows the validation and server messages, each for 2 seconds', async () => {
    // The page's clock is ours: a message's 2 s are run on it, not waited for in real time.
    await page.clock.install();
    await page.goto(`${env.s.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.clock.pauseAt(Date.now() + 60_000);
    expect(await page.title()).toBe('Facet | Login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.clock.runFor(LOGIN_ERROR_MS);
    await page.getByText('Invalid email or password').waitFor({ state: 'hidden' });
    await page.getByLabel('Email').fill('alice');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.clock.runFor(LOGIN_ERROR_MS);
    await page.getByLabel('Email').fill('manager@acme.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert').getByText('Invalid email or password');
    await alert.waitFor();
    await page.clock.runFor(LOGIN_ERROR_MS - 100);
    expect(await alert.isVisible()).toBe(true);
    await page.clock.runFor(100);
    await alert.waitFor({ state: 'hidden' });
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('signs in with the email lower-cased, then sends a signed-in user from /login to /dashboard', async () => {
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/auth/login') && sent.push(r.postData() ?? ''));
    await signIn(page, env.s.url, 'MANAGER@Acme.TEST');
    await page.waitForURL('**/dashboard');
    expect(JSON.parse(sent[0]!).email).toBe('manager@acme.test');
    expect((await tokenCookie(context))?.value).toMatch(/^[\w-]{20,}$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.title()).toBe('Facet | Dashboard');
    await page.goto(`${env.s.url}/login`);
    await page.waitForURL('**/dashboard');
  });

  it('forgot-password: warns about the format and still sends; then confirms a valid address', async () => {
    // The request is held until the warning has been seen, so the warning shows while it is in flight.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/forgot-password*', async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.install();
    await page.goto(`${env.s.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByLabel('Email').fill('nobody');
    const answered = page.waitForResponse('**/api/auth/forgot-password*');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Invalid email format').waitFor();
    release();
    await answered; // still sent; our server refuses it with the same words, shown 2 s
    await page.getByRole('alert').waitFor();
    await page.clock.runFor(LOGIN_ERROR_MS);
    await page.getByRole('alert').waitFor({ state: 'hidden' });
    await page.getByLabel('Email').fill('Manager@acme.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('An email was sent to you. Verify your email.').waitFor();
  });

  it('reset password: mismatch, then the server message for a bad token', async () => {
    await page.goto(`${env.s.url}/reset-password?token=nope&email=manager@acme.test`);
    await page.getByLabel('New password', { exact: true }).fill('abcdefgh1');
    await page.getByLabel('Confirm password', { exact: true }).fill('abcdefgh2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Password do not match!').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill('abcdefgh1');
    await page.getByRole('button', { name: 'Save password' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).not.toBe('Password do not match!');
  });

  it('keeps unauthenticated users and bad cookies out of auth routes', async () => {
    await page.goto(`${env.s.url}/dashboard`);
    await page.waitForURL('**/login');
    await context.addCookies([{ name: 'user_token', value: 'not-a-token', url: env.s.url }]);
    await page.goto(`${env.s.url}/catalog`);
    await page.waitForURL('**/login');
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('shows the terms page publicly and the Sign Up wizard', async () => {
    await page.goto(`${env.s.url}/term-of-use`);
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await page.goto(`${env.s.url}/login`);
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/register/customer');
    // Each step is checked before Next (tests/e2e/registration-wizard.test.ts): filled, the ten steps lead to Register.
    await fillWizard(page, wizardSteps({ company: 'Walk Co', email: 'walk@wizard.test' }));
    await page.getByRole('button', { name: 'Register' }).waitFor();
  });

  it('has no serious or critical axe violations on reset password, the registration wizard and the terms page', async () => {
    await page.goto(`${env.s.url}/reset-password?token=nope&email=manager@acme.test`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${env.s.url}/register/customer`);
    await fillWizard(page, wizardSteps({ company: 'Axe Co', email: 'axe@wizard.test' }).slice(0, 2));
    await page.getByRole('button', { name: 'Back' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${env.s.url}/register-manager?id_customer=1`);
    await page.getByRole('heading', { name: 'Manager registration' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${env.s.url}/term-of-use`);
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violations on /login, and stays small', async () => {
    const scripts: Buffer[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.body());
    });
    await page.goto(`${env.s.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const gzip = scripts.reduce((n, b) => n + gzipSync(b).length, 0);
    console.log(`[facet] /login JS: ${scripts.length} files, ${(gzip / 1024).toFixed(1)} kB gzip`);
    // Only a production build is measured: a build made with NODE_ENV=test ships React's development code.
    const production = scripts.some((b) => b.includes('Minified React error'));
    if (production) expect(gzip).toBeLessThanOrEqual(150 * 1024);
  });
});
