// Document 3 §7 "Users and roles", plus what invitations and the audit log need (our extensions).
// The specs write these paths without a leading slash; they sit under the API prefix like the rest.
import { Type, type TSchema } from '@sinclair/typebox';
import type { Slug } from './slugs.ts';
import { CustomerId, Id, IdName, Ok, Str, Timestamp, endpoint } from './define.ts';
import { accountRules, inviteRules, roleRules } from './rules/user.ts';
import { schemasOf } from './rules/schema.ts';

const MANAGE_USERS: readonly Slug[] = ['manage-users'];
const MANAGE_ROLES: readonly Slug[] = ['manage-roles'];
/** The user list and the role list serve both blocks of the screen. */
const MANAGERS: readonly Slug[] = ['manage-users', 'manage-roles'];

const OrNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
// A person's and a role's fields come from their rule tables (rules/user.ts); the handlers run their formats.
const { name: Name, email: Email } = schemasOf(inviteRules);
const { phone: Phone } = schemasOf(accountRules);
const { name: RoleName } = schemasOf(roleRules);
const InBody = { customer: { in: 'body', field: 'id_customer' } } as const;
const InQuery = { customer: { in: 'query', field: 'id_customer' } } as const;
const RoleInBody = { ...InBody, entity: { kind: 'role', in: 'body', field: 'id_role' } } as const;
const UserAndCompany = Type.Object({ id_user: Id, id_customer: CustomerId });

export const UserStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('invited')]);

export const CompanyUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: OrNull(Type.String()),
  photo: OrNull(Type.String({ description: 'Stored path' })),
  urlImage: OrNull(Type.String({ description: 'Stored path (the same as photo)' })),
  enabled: Type.Boolean({ description: 'Enabled in this company (false while invited)' }),
  role: OrNull(IdName),
  sameCompany: Type.Array(IdName, { description: 'Companies this user shares with the caller' }),
  status: UserStatus,
  last_sign_in: OrNull(Timestamp),
  invitation: OrNull(Type.Object({ sent_at: Timestamp, expires_at: Timestamp, expired: Type.Boolean() })),
});

export const Privilege = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  slug: Type.String(),
  permited: Type.Boolean(),
  section: Type.String({ description: 'Group for the permission matrix (our extension)' }),
});

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  locked: Type.Boolean({ description: 'The first role: every permission, never edited or deleted' }),
  users: Type.Integer({ description: 'Members holding this role, invited and disabled included' }),
  privileges: Type.Array(Privilege),
});

const SignedIn = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  token: Type.String({ description: '"<id>|<secret>", as login answers' }),
  id_customer: Type.Integer({ description: 'The company just joined' }),
  user: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    phone: OrNull(Type.String()),
    photo: OrNull(Type.String()),
    termofuse: Type.String(),
    type: Type.String(),
  }),
});

const InvitationLink = { token: Str(200, 1), email: Email };

/** What an audit row names: a person, a role, or a review round's pin, version or round (issue 42). */
export const AUDIT_TARGETS = ['user', 'role', 'review_pin', 'review_version', 'review_round'] as const;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  id_customer: Type.Integer(),
  created_at: Timestamp,
  action: Type.String({
    description: 'user.invite, user.role, user.disable, user.enable, user.delete, invitation.*, role.*, review.* (issue 42)',
  }),
  actor: OrNull(Type.Object({ id: Type.Integer(), name: Type.String(), removed: Type.Boolean() })),
  target: Type.Object({
    type: Type.Union(AUDIT_TARGETS.map((t) => Type.Literal(t))),
    id: Type.Integer(),
    name: Type.String(),
    removed: Type.Boolean(),
  }),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const users = {
  list: endpoint({
    method: 'GET',
    path: '/users/company',
    auth: 'user',
    permission: MANAGERS,
    tenant: InQuery,
    summary: "The company's users, invited and disabled ones included",
    query: Type.Object({ id_customer: CustomerId }),
    response: Type.Object({ success: Type.Literal(true), users: Type.Array(CompanyUser) }),
  }),
  editMe: endpoint({
    method: 'PUT',
    path: '/user/edit',
    auth: 'user',
    summary: 'Change your own name and phone',
    body: Type.Object({ name: Name, phone: Type.Optional(OrNull(Phone)) }),
    response: Ok,
  }),
  photo: endpoint({
    method: 'POST',
    path: '/user/photo',
    auth: 'user',
    summary: 'Replace your own photo (png or jpeg)',
    files: { photo: { kind: 'image', required: true } },
    response: Type.Object({ success: Type.Literal(true), message: Type.String(), photo: Type.String(), urlImage: Type.String() }),
  }),
  setRole: endpoint({
    method: 'PUT',
    path: '/user/role',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: RoleInBody,
    summary: "Change a user's role in the company",
    body: Type.Object({ id_role: Id, id_customer: CustomerId, id_user: Id }),
    response: Ok,
  }),
  deactivate: endpoint({
    method: 'PUT',
    path: '/user/deactivate',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: InBody,
    summary: 'Disable a user in the company; every session of theirs ends at once',
    body: UserAndCompany,
    response: Ok,
  }),
  activate: endpoint({
    method: 'PUT',
    path: '/user/activate',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: InBody,
    summary: 'Enable a disabled user in the company',
    body: UserAndCompany,
    response: Ok,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/user/delete',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: InBody,
    rateLimited: true,
    summary: 'Remove a user from the company (the account closes with its last company); needs your password',
    body: Type.Object({ id_user: Id, id_customer: CustomerId, password: Str(255, 1) }),
    response: Ok,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/user/audit',
    auth: 'user',
    permission: MANAGERS,
    tenant: InQuery,
    summary: "The company's audit log, newest first (-1: every company, staff)",
    query: Type.Object({
      id_customer: CustomerId,
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
      per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    }),
    response: Type.Object({
      success: Type.Literal(true),
      data: Type.Array(AuditEntry),
      total: Type.Integer(),
      page: Type.Integer(),
      per_page: Type.Integer(),
    }),
  }),
} as const;

export const roles = {
  list: endpoint({
    method: 'GET',
    path: '/customer/roles',
    auth: 'user',
    permission: MANAGERS,
    tenant: InQuery,
    summary: "The company's roles, each over the whole permission catalogue",
    query: Type.Object({ id_customer: CustomerId }),
    response: Type.Object({ success: Type.Literal(true), roles: Type.Array(Role) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/customer/role/create',
    auth: 'user',
    permission: MANAGE_ROLES,
    tenant: InBody,
    summary: 'Create a role with no permissions',
    body: Type.Object({ id_customer: CustomerId, name: RoleName }),
    response: Type.Object({ success: Type.Literal(true), message: Type.String(), id: Type.Integer() }),
  }),
  editName: endpoint({
    method: 'PUT',
    path: '/customer/role/edit_name',
    auth: 'user',
    permission: MANAGE_ROLES,
    tenant: RoleInBody,
    summary: 'Rename a role',
    body: Type.Object({ id_role: Id, id_customer: CustomerId, name: RoleName }),
    response: Ok,
  }),
  editPermissions: endpoint({
    method: 'PUT',
    path: '/customer/role/edit_permissions',
    auth: 'user',
    permission: MANAGE_ROLES,
    tenant: RoleInBody,
    summary: "Set a role's permissions (slugs not sent keep their value) and optionally its name",
    body: Type.Object({
      id_role: Id,
      id_customer: CustomerId,
      name: Type.Optional(RoleName),
      permissions: Type.Union(
        [Type.Record(Type.String({ maxLength: 100 }), Type.Boolean(), { maxProperties: 100 }), Str(10000, 2)],
        { description: 'A map of slug to boolean, as an object or as its JSON text' },
      ),
    }),
    response: Ok,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/customer/role/delete',
    auth: 'user',
    permission: MANAGE_ROLES,
    tenant: { ...InQuery, entity: { kind: 'role', in: 'query', field: 'id_role' } },
    summary: 'Delete a role that nobody holds',
    query: Type.Object({ id_customer: CustomerId, id_role: Id }),
    response: Ok,
  }),
} as const;

export const invitations = {
  invite: endpoint({
    method: 'POST',
    path: '/user/inside',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: RoleInBody,
    summary: 'Invite a person by e-mail: they set their password from the link (7 days, once)',
    body: Type.Object({ id_customer: CustomerId, name: Name, email: Email, id_role: Id }),
    response: Type.Object({ success: Type.Literal(true), message: Type.String(), id: Type.Integer() }),
  }),
  resend: endpoint({
    method: 'POST',
    path: '/user/invitation/resend',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: InBody,
    summary: 'Mail a new invitation link; the previous one stops working',
    body: UserAndCompany,
    response: Ok,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/user/invitation/revoke',
    auth: 'user',
    permission: MANAGE_USERS,
    tenant: InQuery,
    summary: 'Cancel a pending invitation',
    query: UserAndCompany,
    response: Ok,
  }),
  show: endpoint({
    method: 'GET',
    path: '/user/invitation',
    auth: 'public',
    rateLimited: true,
    summary: 'What an invitation link is for (the set-password page)',
    query: Type.Object(InvitationLink),
    response: Type.Object({
      success: Type.Literal(true),
      invitation: Type.Object({
        email: Type.String(),
        name: Type.String(),
        company: Type.String(),
        expires_at: Timestamp,
        has_account: Type.Boolean({ description: 'true: the person already has a password and confirms it instead' }),
      }),
    }),
  }),
  accept: endpoint({
    method: 'POST',
    path: '/user/invitation/accept',
    auth: 'public',
    rateLimited: true,
    summary: 'Accept an invitation: set your password (or confirm it) and sign in',
    // A new account's password has rules/auth.ts's newPassword rule (the handler runs it: an existing
    // account confirms the password it has, whatever its length).
    body: Type.Object({ ...InvitationLink, password: Str(255, 1) }),
    response: SignedIn,
    secrets: { token: 'access-token' },
  }),
} as const;
