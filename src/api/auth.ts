// Document 1 §7 calls: sign-in, password reset, registration, current user, terms, access.
import type { contract } from './contract/index.ts';
import type { Body } from './contract/define.ts';
import { send, toForm } from './client.ts';

type C = typeof contract.auth;

export const login = (body: Body<C['login']>) => send<C['login']>('POST', '/api/auth/login', { body });
export const forgotPassword = (email: string) => send<C['forgotPassword']>('POST', '/api/auth/forgot-password', { query: { email } });
export const resetPassword = (body: Body<C['resetPassword']>) => send<C['resetPassword']>('POST', '/api/auth/reset-password', { body });
export const registerCompany = (fields: Body<C['registerCompany']>, logo?: File) =>
  send<C['registerCompany']>('POST', '/company/register', { body: toForm({ ...fields, profile_logo: logo }) });
export const registerManager = (fields: Body<C['registerManager']>, picture?: File) =>
  send<C['registerManager']>('POST', '/company/manager/register', { body: toForm({ ...fields, picture_profile: picture }) });
export const registerCustomer = (body: Body<C['registerCustomer']>) => send<C['registerCustomer']>('POST', '/customer/register', { body });
export const currentUser = () => send<C['currentUser']>('GET', '/api/user');
export const termsVersion = () => send<C['termsVersion']>('GET', '/api/term-of-use/version');
export const acceptTerms = (version: string) => send<C['acceptTerms']>('POST', '/user/terms/update', { body: { version } });
export const haveAccess = (id_customer: number, slugs: string[]) =>
  send<C['haveAccess']>('GET', '/user/have_access', { query: { id_customer, slugs: slugs.join(',') } });
