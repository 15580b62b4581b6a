// The registration wizard (/register/customer) and Register (/register) in real Chromium against the real
// server (issue 26, onboarding): each step is checked before Next with the contract's rules, the logo
// takes PNG and JPEG only (judged by content, a refused file named with its reason), a refusal of the
// server lands on the step of its field, and terms ticked while registering are recorded, so the new
// account is not asked again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { REGISTER_MESSAGES } from '../../src/features/auth/rules.ts';
import { fillWizard, imageFile, termsBox, wizardSteps } from './registration-helpers.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

describe.skipIf(skipWithoutChromium('registration wizard e2e'))('registration wizard', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
  const current = async () =>
    (await env.s.db.one<{ value: string }>("SELECT value FROM settings WHERE key = 'terms_version'"))!.value;

  /** The terms popup would show: the gate's own comparison, then a frame for it to render. */
  async function notAskedForTerms(p: Page, load: () => Promise<unknown>) {
    const [version, user] = await Promise.all([
      p.waitForResponse((r) => r.url().endsWith('/api/term-of-use/version')),
      p.waitForResponse((r) => r.url().endsWith('/backend/api/user')),
      load(),
    ]);
    expect((await version.json()).version).toBe((await user.json()).version_terms_use);
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await p.getByRole('dialog', { name: 'Terms of Use' }).count()).toBe(0);
    expect(await p.getByText('Our terms of use have changed').count()).toBe(0);
  }

  it("shows the field's message on the field when Next is pressed on an empty step, and stays there", async () => {
    await page.goto(`${env.s.url}/register/customer`);
    await stepHeading('Your company').waitFor();
    await next();
    // The contract's rule and words (rules/user.ts), under each field, the first one focused.
    await page.getByText('The company name field is required.').waitFor();
    await page.getByText('The country field is required.').waitFor();
    expect(await field('Company name').getAttribute('aria-invalid')).toBe('true');
    expect(await field('Company name').evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await page.getByText('1 / 10').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/wizard-step-error.png' });
    // Typing clears the field's message; spaces alone are no value.
    await field('Company name').fill('   ');
    expect(await page.getByText('The company name field is required.').count()).toBe(0);
    await field('Country').fill('Norway');
    await next();
    await page.getByText('The company name field is required.').waitFor();
    await field('Company name').fill('Step Co');
    await next();
    await stepHeading('Address').waitFor();
    expect(await page.getByText('2 / 10').count()).toBe(1);
    // On the last step: the passwords' rules, then the terms box.
    await fillWizard(page, wizardSteps({ company: 'Step Co', email: 'step@wizard.test', password: 'short' }), 1);
    await termsBox(page).uncheck();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The password field must be at least 8 characters.').waitFor();
    await page.getByText('Please accept the terms of use').waitFor();
    await page.screenshot({ path: '.tmp/wizard-last-step-errors.png' });
    expect(await page.getByRole('dialog', { name: 'Registration' }).count()).toBe(0);
    expect(await env.s.db.one("SELECT 1 FROM customers WHERE lower(name) = 'step co'")).toBeUndefined();
  });

  it('takes a PNG or JPEG logo only, naming a refused file with its reason', async () => {
    await page.goto(`${env.s.url}/register/customer`);
    await fillWizard(page, wizardSteps({ company: 'Logo Co', email: 'logo@wizard.test' }).slice(0, 5));
    await stepHeading('About the company').waitFor();
    // The picker says what it takes, and offers only those types.
    await page.getByText('PNG or JPEG, up to 25 MB').waitFor();
    expect(await field('Logo').getAttribute('accept')).toBe('.jpg,.jpeg,.png');
    // A drop (or a picker told to show all files) still gets an SVG: named, with why, and not kept.
    await field('Logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
    const refused = page.getByRole('list', { name: 'Files not added' });
    await refused.getByText('logo.svg: The file must be a file of type: jpg, jpeg, png.').waitFor();
    await page.screenshot({ path: '.tmp/wizard-logo-refused.png' });
    await field('Logo').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await refused.getByText('fake.png: The file is not a valid image.').waitFor();
    expect(await page.getByRole('img', { name: /\.(svg|png)$/ }).count()).toBe(0);
    await field('Logo').setInputFiles(await imageFile('logo.png'));
    await page.getByRole('img', { name: 'logo.png' }).waitFor();
    expect(await refused.count()).toBe(0);
  });

  it('lands on the step of a field the server refuses, with its message there, then registers once', async () => {
    const company = 'Taken Email Co';
    await page.goto(`${env.s.url}/register/customer`);
    await fillWizard(page, wizardSteps({ company, email: 'manager@acme.test' }));
    await page.getByRole('button', { name: 'Register' }).click();
    // The server's 422 (the address is taken): back to the Contact step, the message on Email.
    await stepHeading('Contact').waitFor();
    await page.getByText('The email has already been taken.').waitFor();
    expect(await field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('8 / 10').count()).toBe(1);
    expect(await page.getByText(REGISTER_MESSAGES.company).count()).toBe(0);
    expect(await page.getByText(REGISTER_MESSAGES.manager).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Registration' }).count()).toBe(0);
    await page.screenshot({ path: '.tmp/wizard-server-refusal.png' });
    // Corrected, the rest as it was: Register makes the manager, and the company only once.
    await field('Email').fill('wanda@taken.test');
    await next();
    await next();
    expect(await termsBox(page).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Register' }).click();
    const done = page.getByRole('dialog', { name: 'Registration' });
    await done.getByText(REGISTER_MESSAGES.success).waitFor();
    expect(
      (await env.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE lower(name) = lower($1)', [company]))!.n,
    ).toBe(1);
  });

  it('records the terms ticked in the wizard: the new manager signs in and is not asked again', async () => {
    await page.goto(`${env.s.url}/register/customer`);
    await fillWizard(page, wizardSteps({ company: 'Terms Wizard Co', email: 'tess@wizard.test' }));
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Registration' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/login');
    expect(
      (await env.s.db.one<{ v: string }>("SELECT version_terms_use AS v FROM users WHERE email = 'tess@wizard.test'"))!.v,
    ).toBe(await current());
    await notAskedForTerms(page, async () => {
      await signIn(page, env.s.url, 'tess@wizard.test', 'secret123');
      await page.waitForURL('**/dashboard');
    });
  });

  it('records the terms ticked at /register: the new account is not asked again, nor after a reload', async () => {
    await page.goto(`${env.s.url}/register`);
    const fields = {
      Company: 'Terms Self Co',
      Username: 'tia',
      Email: 'tia@self.test',
      Password: 'secret123',
      'Confirm password': 'secret123',
    };
    for (const [label, value] of Object.entries(fields)) await field(label).fill(value);
    await page.getByRole('checkbox').check();
    await notAskedForTerms(page, async () => {
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL(/\/product\/\d+$/);
    });
    await notAskedForTerms(page, () => page.reload());
  });
});
