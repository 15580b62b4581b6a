// Document 1 §7 calls: sign-in, password reset, registration, current user, terms, access. A write
// takes the Idempotency-Key of its user action (src/app/user-action.ts).
import type { contract } from './contract/index.ts';
import type { Body } from './contract/define.ts';
import { send, toForm } from './client.ts';

type C = typeof contract.auth;

export const login = (body: Body<C['login']>) => send<C['login']>('POST', '/api/auth/login', { body });
export const forgotPassword = (email: string, key: string) =>
  send<C['forgotPassword']>('POST', '/api/auth/forgot-password', { query: { email }, idempotencyKey: key });
export const resetPassword = (body: Body<C['resetPassword']>, key: string) =>
  send<C['resetPassword']>('POST', '/api/auth/reset-password', { body, idempotencyKey: key });
export const registerCompany = (fields: Body<C['registerCompany']>, logo: File | undefined, key: string) =>
  send<C['registerCompany']>('POST', '/company/register', {
    body: toForm({ ...fields, profile_logo: logo }),
    idempotencyKey: key,
  });
export const registerManager = (fields: Body<C['registerManager']>, picture: File | undefined, key: string) =>
  send<C['registerManager']>('POST', '/company/manager/register', {
    body: toForm({ ...fields, picture_profile: picture }),
    idempotencyKey: key,
  });
export const registerCustomer = (body: Body<C['registerCustomer']>, key: string) =>
  send<C['registerCustomer']>('POST', '/customer/register', { body, idempotencyKey: key });
export const currentUser = () => send<C['currentUser']>('GET', '/api/user');
export const termsVersion = () => send<C['termsVersion']>('GET', '/api/term-of-use/version');
export const acceptTerms = (version: string, key: string) =>
  send<C['acceptTerms']>('POST', '/user/terms/update', { body: { version }, idempotencyKey: key });
export const haveAccess = (id_customer: number, slugs: string[]) =>
  send<C['haveAccess']>('GET', '/user/have_access', { query: { id_customer, slugs: slugs.join(',') } });
