// Document 3 §5, §7, §8: the self-registration screen's rules and its call.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { isEmail } from '../../src/api/contract/rules/auth.ts';
import {
  EMPTY_FORM,
  productPath,
  SELF_REGISTER_MESSAGE_MS,
  selfRegisterBody,
  selfRegisterError,
} from '../../src/features/auth/self-register.ts';

const good = {
  company: 'Nordic Oak',
  username: 'Ines',
  email: 'Ines@Nordic.test',
  password: 'secret123',
  confirmPassword: 'secret123',
  termsUse: true,
};

describe('self-registration', () => {
  it('every field must be filled', () => {
    expect(selfRegisterError(EMPTY_FORM)).toBe('Please fill all fields');
    for (const k of ['company', 'username', 'email', 'password', 'confirmPassword'] as const) {
      expect(selfRegisterError({ ...good, [k]: k.includes('assword') ? '' : '   ' }), k).toBe('Please fill all fields');
    }
  });
  it('then the passwords must match', () =>
    expect(selfRegisterError({ ...good, confirmPassword: 'secret124' })).toBe('Passwords do not match'));
  it('then the terms must be accepted', () =>
    expect(selfRegisterError({ ...good, termsUse: false })).toBe('Please accept the terms of use'));
  it('then the email must look like one', () => {
    expect(selfRegisterError({ ...good, email: 'ines@nordic' })).toBe('Please enter a valid email');
    expect(['a@b.co', 'x.y@z.io'].every(isEmail)).toBe(true);
    expect(['a@b', 'a b@c.d', '@c.d', 'a@.'].some(isEmail)).toBe(false);
  });
  it('then the server’s own rules, in its words', () => {
    expect(selfRegisterError({ ...good, password: 'short', confirmPassword: 'short' })).toBe(
      'The password field must be at least 8 characters.',
    );
    expect(selfRegisterError({ ...good, company: 'c'.repeat(256) })).toBe(
      'The company field must not be greater than 255 characters.',
    );
  });
  it('a valid form, its call body and where it lands', () => {
    expect(selfRegisterError(good)).toBeNull();
    // The ticked terms go with it: the server records its terms version with the account.
    expect(selfRegisterBody(good)).toEqual({
      company: 'Nordic Oak',
      username: 'Ines',
      email: 'ines@nordic.test',
      password: 'secret123',
      terms_accepted: 1,
    });
    expect(productPath(42)).toBe('/product/42');
    expect(SELF_REGISTER_MESSAGE_MS).toBe(5000);
  });
});
