// Document 3 §7 "Users and roles", plus our invitation and audit extensions. None of these is queued:
// they are security actions whose answer the user must see (only PUT user/edit also goes through the
// outbox, from src/data/people.ts).
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
export const uploadMyPhoto = (photo: File) => send<U['photo']>('POST', '/user/photo', { body: toForm({ photo }) });
export const setUserRole = (body: Body<U['setRole']>) => send<U['setRole']>('PUT', '/user/role', { body });
export const disableUser = (body: Body<U['deactivate']>) => send<U['deactivate']>('PUT', '/user/deactivate', { body });
export const enableUser = (body: Body<U['activate']>) => send<U['activate']>('PUT', '/user/activate', { body });
export const deleteUser = (body: Body<U['remove']>) => send<U['remove']>('DELETE', '/user/delete', { body });
export const readAudit = (query: Query<U['audit']>) => send<U['audit']>('GET', '/user/audit', { query });

// Roles
export const listRoles = (id_customer: number) => send<R['list']>('GET', '/customer/roles', { query: { id_customer } });
export const createRole = (body: Body<R['create']>) => send<R['create']>('POST', '/customer/role/create', { body });
export const renameRole = (body: Body<R['editName']>) => send<R['editName']>('PUT', '/customer/role/edit_name', { body });
export const editRolePermissions = (body: Body<R['editPermissions']>) =>
  send<R['editPermissions']>('PUT', '/customer/role/edit_permissions', { body });
export const deleteRole = (id_customer: number, id_role: number) =>
  send<R['remove']>('DELETE', '/customer/role/delete', { query: { id_customer, id_role } });

// Invitations
export const inviteUser = (body: Body<I['invite']>) => send<I['invite']>('POST', '/user/inside', { body });
export const resendInvitation = (body: Body<I['resend']>) => send<I['resend']>('POST', '/user/invitation/resend', { body });
export const revokeInvitation = (query: Query<I['revoke']>) => send<I['revoke']>('DELETE', '/user/invitation/revoke', { query });
export const showInvitation = (query: Query<I['show']>) => send<I['show']>('GET', '/user/invitation', { query });
export const acceptInvitation = (body: Body<I['accept']>) => send<I['accept']>('POST', '/user/invitation/accept', { body });
