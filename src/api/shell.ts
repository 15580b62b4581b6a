// Document 1 §7 calls of the shell: dashboard, profile page, bug report, retailers. A write takes the
// Idempotency-Key of its user action (src/app/user-action.ts).
import type { contract } from './contract/index.ts';
import type { Body, Query } from './contract/define.ts';
import { send, toForm } from './client.ts';

type D = typeof contract.dashboard;
type P = typeof contract.profile;
type B = typeof contract.bugReport;
type R = typeof contract.retailers;

/** Fills "{id}" while keeping the contract's literal path type, so the entry still type-checks. */
const withId = <Path extends string>(path: Path, id: number) => path.replace('{id}', String(id)) as Path;

// Dashboard
export const lastRegistered = (query: Query<D['lastRegistered']>) =>
  send<D['lastRegistered']>('GET', '/gets/dashboard/products/last-registered/show', { query });
export const tasksByStates = (id_customer: number) =>
  send<D['tasksByStates']>('GET', '/gets/dashboard/products/tasks-by-states/show', { query: { id_customer } });
export const progressBarService = (id_customer: number) =>
  send<D['progressBarService']>('GET', '/gets/dashboard/products/progress-bar-service/show', { query: { id_customer } });
export const roundsReview = (id_customer: number) =>
  send<D['roundsReview']>('GET', '/gets/dashboard/products/rounds-review/show', { query: { id_customer } });

// Profile page (the bearer header carries the token; id_user is the signed-in user)
export const profileUser = (id: number, id_user: number) =>
  send<P['user']>('GET', withId('/gets/user/{id}', id), { query: { id_user } });
export const achievements = (id_user: number) => send<P['achievements']>('GET', '/gets/achievements', { query: { id_user } });
export const userAchievements = (id: number, id_user: number) =>
  send<P['userAchievements']>('GET', withId('/gets/achievements/user/{id}/show', id), { query: { id_user } });

// Bug report: only the first file is sent, as the specs say.
export const reportBug = (fields: Body<B['send']>, files: File[], key: string) =>
  send<B['send']>('POST', '/api/report-bug', { body: toForm({ ...fields, file: files[0] }), idempotencyKey: key });

// Retailers
export const addRetailer = (body: Body<R['add']>, key: string) =>
  send<R['add']>('POST', '/posts/retailer/add', { body, idempotencyKey: key });
export const editRetailer = (body: Body<R['edit']>, key: string) =>
  send<R['edit']>('PUT', '/puts/retailer/edit', { body, idempotencyKey: key });
export const deleteRetailer = (id: number, key: string) =>
  send<R['remove']>('DELETE', '/deletes/retailer/delete', { body: { id }, idempotencyKey: key });
