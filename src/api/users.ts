// Document 3 §7 "Users and roles", plus our invitation and audit extensions. None of these is queued:
// they are security actions whose answer the user must see (only PUT user/edit also goes through the
// outbox, from src/data/people.ts). A write takes the Idempotency-Key of its user action
// (src/app/user-action.ts).
import type { Static } from '@sinclair/typebox';
import type { contract } from './contract/index.ts';
import type { Body, Query } from './contract/define.ts';
import type { AuditEntry, Privilege, Role } from './contract/users.ts';
import { send, toForm } from './client.ts';

type U = typeof contract.users;
type R = typeof contract.roles;
type I = typeof contract.invitations;

export type RoleReply = Static<typeof Role>;
export type PrivilegeReply = Static<typeof Privilege>;
export type AuditEntryReply = Static<typeof AuditEntry>;

// Users
export const uploadMyPhoto = (photo: File, key: string) =>
  send<U['photo']>('POST', '/user/photo', { body: toForm({ photo }), idempotencyKey: key });
export const setUserRole = (body: Body<U['setRole']>, key: string) =>
  send<U['setRole']>('PUT', '/user/role', { body, idempotencyKey: key });
export const disableUser = (body: Body<U['deactivate']>, key: string) =>
  send<U['deactivate']>('PUT', '/user/deactivate', { body, idempotencyKey: key });
export const enableUser = (body: Body<U['activate']>, key: string) =>
  send<U['activate']>('PUT', '/user/activate', { body, idempotencyKey: key });
export const deleteUser = (body: Body<U['remove']>, key: string) =>
  send<U['remove']>('DELETE', '/user/delete', { body, idempotencyKey: key });
export const readAudit = (query: Query<U['audit']>) => send<U['audit']>('GET', '/user/audit', { query });

// Roles
export const listRoles = (id_customer: number) => send<R['list']>('GET', '/customer/roles', { query: { id_customer } });
export const createRole = (body: Body<R['create']>, key: string) =>
  send<R['create']>('POST', '/customer/role/create', { body, idempotencyKey: key });
export const renameRole = (body: Body<R['editName']>, key: string) =>
  send<R['editName']>('PUT', '/customer/role/edit_name', { body, idempotencyKey: key });
export const editRolePermissions = (body: Body<R['editPermissions']>, key: string) =>
  send<R['editPermissions']>('PUT', '/customer/role/edit_permissions', { body, idempotencyKey: key });
export const deleteRole = (id_customer: number, id_role: number, key: string) =>
  send<R['remove']>('DELETE', '/customer/role/delete', { query: { id_customer, id_role }, idempotencyKey: key });

// Invitations
export const inviteUser = (body: Body<I['invite']>, key: string) =>
  send<I['invite']>('POST', '/user/inside', { body, idempotencyKey: key });
export const resendInvitation = (body: Body<I['resend']>, key: string) =>
  send<I['resend']>('POST', '/user/invitation/resend', { body, idempotencyKey: key });
export const revokeInvitation = (query: Query<I['revoke']>, key: string) =>
  send<I['revoke']>('DELETE', '/user/invitation/revoke', { query, idempotencyKey: key });
export const showInvitation = (query: Query<I['show']>) => send<I['show']>('GET', '/user/invitation', { query });
export const acceptInvitation = (body: Body<I['accept']>, key: string) =>
  send<I['accept']>('POST', '/user/invitation/accept', { body, idempotencyKey: key });
