// Document 1 §7: sign-in, password reset, registration, the current user and the terms.
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, Ok, Str, endpoint } from './define.ts';
import { newPassword } from './rules/auth.ts';
import { companyRegistrationRules, managerRegistrationRules, selfRegistrationRules, termsRules } from './rules/user.ts';
import { optionalSchemasOf, schemaOf, schemasOf } from './rules/schema.ts';

const Email = Str(255, 1);
const Password = Str(255, 1);
/** Every password being set (registration, a reset; `npm run create-staff` checks it too; never login). */
export const NewPassword = schemaOf(newPassword);
const { site, description, ...company } = companyRegistrationRules;
const { phone_number, ...manager } = managerRegistrationRules;
/** `terms_accepted` (our extension): 1 records the current terms version with the new account. */
const Terms = optionalSchemasOf(termsRules);

export const CurrentUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  urlImage: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  version_terms_use: Type.String(),
  type: Type.Union([Type.Literal('client'), Type.Literal('staff')]),
  companies: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), urlImage: Type.Union([Type.String(), Type.Null()]) }),
  ),
});

const SignedIn = Type.Object({
  success: Type.Literal(true),
  token: Type.String({ description: '"<id>|<secret>"; the client keeps the secret' }),
  user: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    phone: Type.Union([Type.String(), Type.Null()]),
    photo: Type.Union([Type.String(), Type.Null()]),
    termofuse: Type.String(),
    type: Type.String(),
  }),
});

export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    auth: 'public',
    rateLimited: true,
    summary: 'Sign in',
    body: Type.Object({ email: Email, password: Password }),
    response: SignedIn,
    secrets: { token: 'access-token' },
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: 'public',
    rateLimited: true,
    summary: 'E-mail a password reset link',
    query: Type.Object({ email: Email }),
    response: Ok,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'public',
    rateLimited: true,
    summary: 'Set a new password with a reset token',
    body: Type.Object({ password: NewPassword, token: Str(200, 1), email: Email }),
    response: Ok,
  }),
  registerCompany: endpoint({
    method: 'POST',
    path: '/company/register',
    auth: 'public',
    rateLimited: true,
    summary: 'Register a company (wizard part 1)',
    body: Type.Object({ ...schemasOf(company), ...optionalSchemasOf({ site, description }) }),
    files: { profile_logo: { kind: 'image', required: false } },
    response: Type.Object({ success: Type.Literal(true), id_customer: Type.Integer() }),
  }),
  registerManager: endpoint({
    method: 'POST',
    path: '/company/manager/register',
    auth: 'public',
    rateLimited: true,
    summary: "Register a new company's first manager",
    body: Type.Object({ id_customer: Id, ...schemasOf(manager), ...optionalSchemasOf({ phone_number }), ...Terms }),
    files: { picture_profile: { kind: 'image', required: false } },
    response: Type.Object({ success: Type.Boolean(), message: Type.String() }),
  }),
  registerCustomer: endpoint({
    method: 'POST',
    path: '/customer/register',
    auth: 'public',
    rateLimited: true,
    summary: 'Self-registration: company, user and a first product',
    body: Type.Object({ ...schemasOf(selfRegistrationRules), ...Terms }),
    response: Type.Object({ success: Type.Literal(true), token: Type.String(), product_id: Type.Integer() }),
    secrets: { token: 'access-token' },
  }),
  currentUser: endpoint({
    method: 'GET',
    path: '/api/user',
    auth: 'user',
    summary: 'The signed-in user and their companies',
    response: CurrentUser,
  }),
  termsVersion: endpoint({
    method: 'GET',
    path: '/api/term-of-use/version',
    auth: 'user',
    summary: 'The current terms version',
    response: Type.Object({ success: Type.Literal(true), version: Type.String() }),
  }),
  acceptTerms: endpoint({
    method: 'POST',
    path: '/user/terms/update',
    auth: 'user',
    summary: 'Record the accepted terms version',
    body: Type.Object({ version: Str(20, 1) }),
    response: Ok,
  }),
  haveAccess: endpoint({
    method: 'GET',
    path: '/user/have_access',
    auth: 'user',
    summary: 'Which of these slugs the user holds in a company',
    query: Type.Object({ id_customer: CustomerId, slugs: Str(2000, 1) }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    response: Type.Object({ success: Type.Literal(true), data: Type.Record(Type.String(), Type.Boolean()) }),
  }),
} as const;
