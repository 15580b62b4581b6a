/// <reference types="vite/client" />
// (vite/client: the rules import src/api/client.ts, which reads import.meta.env.)
// Document 1 §5, §8: login, forgot-password, reset, registration and bug-report rules.
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/client.ts';
import {
  backgroundUrl,
  forgotWarning,
  loginError,
  lowerTexts,
  nextBackground,
  normaliseEmail,
  newPasswordError,
  REGISTER_MESSAGES,
} from '../../src/features/auth/rules.ts';
import { refusedSteps, register, registerManagerOnly, stepErrors, STEPS, TERMS_FIELD } from '../../src/features/auth/register.ts';
import { TERMS_MESSAGE } from '../../src/api/contract/rules/user.ts';
import { mismatchWords } from '../../src/api/contract/rules/auth.ts';
import { bugErrorMessage, hasPreview } from '../../src/features/bug-report/rules.ts';
import { wheelZoom, ZOOM_MIN } from '../../src/ui/zoom.ts';
import { percentOf, progressText } from '../../src/ui/ProgressPopup.tsx';

describe('login', () => {
  it('empty fields', () => {
    expect(loginError('', 'x')).toBe('Invalid email or password');
    expect(loginError('a@b.c', '')).toBe('Invalid email or password');
  });
  it('an email without @', () => expect(loginError('alice', 'pw')).toBe('Invalid email'));
  it('valid input', () => expect(loginError('a@b.c', 'pw')).toBeNull());
  it('lower-cases the email', () => expect(normaliseEmail(' Manager@ACME.test ')).toBe('manager@acme.test'));
  it('forgot password warns without @ only', () => {
    expect(forgotWarning('alice')).toBe('Invalid email format');
    expect(forgotWarning('a@b.c')).toBeNull();
  });
  it('reset passwords must match, then have the server’s 8 characters', () => {
    expect(newPasswordError('a', 'b')).toBe('Password do not match!');
    expect(newPasswordError('a', 'a')).toBe('The password field must be at least 8 characters.');
    expect(newPasswordError('abcdefgh', 'abcdefgh')).toBeNull();
  });
  it('rotates to another of the 10 backgrounds', () => {
    for (let cur = 0; cur < 10; cur++) {
      for (const r of [0, 0.3, 0.99]) {
        const n = nextBackground(cur, () => r);
        expect(n).not.toBe(cur);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThan(10);
      }
    }
    expect(backgroundUrl(9)).toBe('/login/bg-10.svg');
  });
});

describe('registration', () => {
  it('has ten steps, 0 to 9', () => expect(STEPS).toHaveLength(10));
  it('lower-cases texts but not passwords', () => {
    expect(lowerTexts({ a: 'ABC', password: 'PwD' }, ['password'])).toEqual({ a: 'abc', password: 'PwD' });
  });
  const key = (step: number) => `act.${step}`;
  const values = {
    name_company: 'ACME',
    country: 'US',
    name: 'Al',
    email: 'AL@X.TEST',
    password: 'Secret12',
    password_confirmation: 'Secret12',
  };
  it('registers the company then the manager with its id', async () => {
    const registerCompany = vi.fn().mockResolvedValue({ success: true, id_customer: 7 });
    const registerManager = vi.fn().mockResolvedValue({ success: true, message: 'ok' });
    expect(await register(values, {}, key, undefined, { registerCompany, registerManager })).toEqual({ ok: true });
    expect(registerCompany.mock.calls[0]![0]).toMatchObject({ name_company: 'acme', country: 'us' });
    expect(registerManager.mock.calls[0]![0]).toMatchObject({ id_customer: 7, email: 'al@x.test', password: 'Secret12' });
    // Each call carries its step's key of the one user action.
    expect([registerCompany.mock.calls[0]![2], registerManager.mock.calls[0]![2]]).toEqual(['act.0', 'act.1']);
  });
  it('company failure: the generic words only for what was unexpected, a refusal with its field errors', async () => {
    const registerCompany = vi.fn().mockRejectedValue(new ApiFailure('x', 500));
    expect(await register(values, {}, key, undefined, { registerCompany, registerManager: vi.fn() })).toEqual({
      ok: false,
      message: REGISTER_MESSAGES.company,
      status: 500,
    });
    const lost = vi.fn().mockRejectedValue(new ApiFailure('Network Error', undefined));
    expect(await register(values, {}, key, undefined, { registerCompany: lost, registerManager: vi.fn() })).toMatchObject({
      message: REGISTER_MESSAGES.company,
    });
    const errors = { zipcode: ['The zipcode field must not be greater than 20 characters.'] };
    const refused = vi.fn().mockRejectedValue(new ApiFailure(errors.zipcode[0]!, 422, errors));
    expect(await register(values, {}, key, undefined, { registerCompany: refused, registerManager: vi.fn() })).toEqual({
      ok: false,
      message: errors.zipcode[0],
      status: 422,
      errors,
    });
  });
  it('sends the ticked terms with the manager, and leaves empty optional fields out', async () => {
    const registerCompany = vi.fn().mockResolvedValue({ success: true, id_customer: 7 });
    const registerManager = vi.fn().mockResolvedValue({ success: true, message: 'ok' });
    await register({ ...values, site: '', [TERMS_FIELD]: '1' }, {}, key, undefined, { registerCompany, registerManager });
    expect(registerCompany.mock.calls[0]![0].site).toBeUndefined();
    expect(registerManager.mock.calls[0]![0]).toMatchObject({ terms_accepted: 1, phone_number: undefined });
  });
  it('manager refusal shows the server message; a network error the generic one', async () => {
    const refused = vi.fn().mockRejectedValue(new ApiFailure('The email has already been taken.', 422));
    expect(await registerManagerOnly(values, {}, 7, key, { registerManager: refused })).toMatchObject({
      ok: false,
      message: 'The email has already been taken.',
      customerId: 7,
      status: 422,
    });
    const lost = vi.fn().mockRejectedValue(new ApiFailure('Network Error', undefined));
    expect(await registerManagerOnly(values, {}, 7, key, { registerManager: lost })).toMatchObject({
      message: REGISTER_MESSAGES.manager,
      status: undefined,
    });
    const falsy = vi.fn().mockResolvedValue({ success: false, message: 'No.' });
    expect(await registerManagerOnly(values, {}, 7, key, { registerManager: falsy })).toMatchObject({ message: 'No.' });
  });
  it("checks each step with the contract's rules, in the server's words", () => {
    expect(stepErrors(0, {})).toEqual({
      name_company: 'The company name field is required.',
      country: 'The country field is required.',
    });
    expect(stepErrors(0, { name_company: '  ', country: 'Norway' })).toEqual({
      name_company: 'The company name field is required.',
    });
    expect(stepErrors(2, { region: 'Oslo', zipcode: '0'.repeat(21) })).toEqual({
      zipcode: 'The zipcode field must not be greater than 20 characters.',
    });
    expect(stepErrors(3, { sector: 'Furniture' })).toEqual({}); // the site may be left out
    expect(stepErrors(5, {})).toEqual({}); // the intro step has no field
    expect(stepErrors(7, { email: 'wanda@wizard' })).toEqual({ email: 'Please enter a valid email' });
    expect(stepErrors(9, { password: 'short', password_confirmation: 'short' })).toEqual({
      password: 'The password field must be at least 8 characters.',
      [TERMS_FIELD]: TERMS_MESSAGE,
    });
    expect(stepErrors(9, { password: 'secret123', password_confirmation: 'secret124', [TERMS_FIELD]: '1' })).toEqual({
      password: mismatchWords.manager,
    });
    expect(stepErrors(9, { password: 'secret123', password_confirmation: 'secret123', [TERMS_FIELD]: '1' })).toEqual({});
  });
  it("puts a refusal's field errors on their steps, going back to the first", () => {
    expect(refusedSteps({ email: ['The email has already been taken.'], password: ['x'] })).toEqual({
      step: 7,
      errors: { email: 'The email has already been taken.', password: 'x' },
    });
    expect(refusedSteps({ profile_logo: ['The file is not a valid image.'] })).toEqual({
      step: 4,
      errors: { profile_logo: 'The file is not a valid image.' },
    });
    // A field no step holds is said in the popup instead.
    expect(refusedSteps({ id_customer: ['No.'] })).toBeUndefined();
    expect(refusedSteps(undefined)).toBeUndefined();
  });
  it('a known company is not registered twice', async () => {
    const registerCompany = vi.fn();
    const registerManager = vi.fn().mockResolvedValue({ success: true, message: 'ok' });
    await register(values, {}, key, 7, { registerCompany, registerManager });
    expect(registerCompany).not.toHaveBeenCalled();
  });
});

describe('bug report', () => {
  it('previews jpg, jpeg and png only', () => {
    expect(['a.jpg', 'b.JPEG', 'c.png'].every(hasPreview)).toBe(true);
    expect(hasPreview('d.pdf')).toBe(false);
  });
  it('error messages', () => {
    expect(bugErrorMessage(new ApiFailure('Subject required', 422))).toBe('Error sending bug report: Subject required');
    expect(bugErrorMessage(new ApiFailure('Network Error', undefined))).toBe(
      'Error sending bug report! Sending a bug report needs a connection. Check that you are online, then try again.',
    );
    expect(bugErrorMessage(new ApiFailure('Internal server error.', 500, undefined, { request_id: 'req-7' }))).toContain(
      '(request req-7)',
    );
  });
});

describe('ui rules', () => {
  it('wheel zoom steps by 0.1 and stays above 0.1', () => {
    expect(wheelZoom(1, -100)).toBeCloseTo(1.1);
    expect(wheelZoom(1, 100)).toBeCloseTo(0.9);
    expect(wheelZoom(0.2, 100)).toBe(ZOOM_MIN);
    expect(wheelZoom(ZOOM_MIN, 100)).toBe(ZOOM_MIN);
    expect(ZOOM_MIN).toBeGreaterThan(0.1);
  });
  it('progress text', () => {
    expect(progressText(percentOf(1, 3))).toBe('Please wait. completed 33%');
    expect(progressText(100)).toBe('Please wait. completed 100%');
  });
});
