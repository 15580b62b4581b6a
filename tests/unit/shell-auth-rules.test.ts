/// <reference types="vite/client" />
// (vite/client: the rules import src/api/client.ts, which reads import.meta.env.)
// Document 1 §5, §8: login, forgot-password, reset, registration and bug-report rules.
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/client.ts';
import { backgroundUrl, forgotWarning, loginError, lowerTexts, nextBackground, normaliseEmail, REGISTER_MESSAGES, resetMismatch } from '../../src/features/auth/rules.ts';
import { register, registerManagerOnly, STEPS } from '../../src/features/auth/register.ts';
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
  it('reset passwords must match', () => {
    expect(resetMismatch('a', 'b')).toBe('Password do not match!');
    expect(resetMismatch('a', 'a')).toBeNull();
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
  const values = { name_company: 'ACME', country: 'US', name: 'Al', email: 'AL@X.TEST', password: 'Secret12', password_confirmation: 'Secret12' };
  it('registers the company then the manager with its id', async () => {
    const registerCompany = vi.fn().mockResolvedValue({ success: true, id_customer: 7 });
    const registerManager = vi.fn().mockResolvedValue({ success: true, message: 'ok' });
    expect(await register(values, {}, key, undefined, { registerCompany, registerManager })).toEqual({ ok: true });
    expect(registerCompany.mock.calls[0]![0]).toMatchObject({ name_company: 'acme', country: 'us' });
    expect(registerManager.mock.calls[0]![0]).toMatchObject({ id_customer: 7, email: 'al@x.test', password: 'Secret12' });
    // Each call carries its step's key of the one user action.
    expect([registerCompany.mock.calls[0]![2], registerManager.mock.calls[0]![2]]).toEqual(['act.0', 'act.1']);
  });
  it('company failure', async () => {
    const registerCompany = vi.fn().mockRejectedValue(new ApiFailure('x', 500));
    expect(await register(values, {}, key, undefined, { registerCompany, registerManager: vi.fn() })).toEqual({ ok: false, message: REGISTER_MESSAGES.company, status: 500 });
  });
  it('manager refusal shows the server message; a network error the generic one', async () => {
    const refused = vi.fn().mockRejectedValue(new ApiFailure('The email has already been taken.', 422));
    expect(await registerManagerOnly(values, {}, 7, key, { registerManager: refused })).toMatchObject({ ok: false, message: 'The email has already been taken.', customerId: 7, status: 422 });
    const lost = vi.fn().mockRejectedValue(new ApiFailure('Network Error', undefined));
    expect(await registerManagerOnly(values, {}, 7, key, { registerManager: lost })).toMatchObject({ message: REGISTER_MESSAGES.manager, status: undefined });
    const falsy = vi.fn().mockResolvedValue({ success: false, message: 'No.' });
    expect(await registerManagerOnly(values, {}, 7, key, { registerManager: falsy })).toMatchObject({ message: 'No.' });
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
    expect(bugErrorMessage(new ApiFailure('Internal server error.', 500, undefined, { request_id: 'req-7' }))).toContain('(request req-7)');
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
