// Issue 43's pure rules: which navigation leaves a form shown in a tab, and what the registration
// wizard keeps over a reload (its step, never past a step still wrong; every value but the passwords).
import { describe, expect, it } from 'vitest';
import type { Location } from 'react-router-dom';
import { leavesTab } from '../../src/app/unsaved-guard.ts';
import { keptWizard, MANAGER_FIRST_STEP, passwordTyped, reachableStep, wizardTouched } from '../../src/features/auth/register.ts';

const at = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key: 'k' });

describe('leaving a form', () => {
  const leaves = leavesTab('section');
  it('is another path or another tab, not another parameter', () => {
    expect(leaves(at('/product/5', '?section=info'), at('/catalog'))).toBe(true);
    expect(leaves(at('/product/5', '?section=info'), at('/product/5', '?section=video'))).toBe(true);
    expect(leaves(at('/product/5', '?section=info'), at('/product/5', '?section=info&x=1'))).toBe(false);
    expect(leaves(at('/product/5'), at('/product/6'))).toBe(true);
  });
});

describe('the wizard kept over a reload', () => {
  const company = {
    name_company: 'Keep Co',
    country: 'Norway',
    street: 'Storgata 1',
    city: 'Oslo',
    region: 'Oslo',
    zipcode: '0155',
  };
  const all = {
    ...company,
    sector: 'Furniture',
    site: 'https://keep.test',
    name: 'Kim',
    last_name: 'Keeper',
    email: 'kim@keep.test',
    office: 'Owner',
  };

  it('opens on the asked step only when every step before it is right', () => {
    expect(reachableStep(6, 0, all)).toBe(6);
    expect(reachableStep(9, 0, all)).toBe(9);
    expect(reachableStep(6, 0, company)).toBe(3); // the sector is missing
    expect(reachableStep(6, 0, {})).toBe(0);
    expect(reachableStep(42, 0, all)).toBe(9);
    expect(reachableStep(-3, 0, all)).toBe(0);
    expect(reachableStep(0, MANAGER_FIRST_STEP, {})).toBe(MANAGER_FIRST_STEP);
  });

  it('keeps every value but the passwords, and knows a typed password is not kept', () => {
    const values = { ...all, password: 'secret123', password_confirmation: 'secret123', terms_accepted: '1' };
    const kept = keptWizard(9, values, {});
    expect(kept.step).toBe(9);
    expect(kept.values).toEqual({ ...all, terms_accepted: '1' });
    expect(passwordTyped(values)).toBe(true);
    expect(passwordTyped(kept.values)).toBe(false);
    expect(wizardTouched({ name_company: '  ' }, {})).toBe(false);
    expect(wizardTouched({}, { profile_logo: new File(['x'], 'logo.png') })).toBe(true);
  });
});
