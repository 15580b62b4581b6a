// The dashboard's four blocks for one company, kept on the device (snapshots) so the last figures
// show offline with the time they were fetched. Last Registered is asked only with an info slug.
import type { Static } from '@sinclair/typebox';
import type { LastRegisteredProduct, RoundReview, ServiceProgress, TasksByState } from '../../api/contract/dashboard.ts';
import { lastRegistered, progressBarService, roundsReview, tasksByStates } from '../../api/shell.ts';
import { refreshSnapshot, useSnapshot, type Snapshot } from './snapshots.ts';

export type Round = Static<typeof RoundReview>;
export type TaskItem = Static<typeof TasksByState>;
export type ServiceItem = Static<typeof ServiceProgress>;
export type LastProduct = Static<typeof LastRegisteredProduct>;

export interface DashboardData {
  rounds: Round[];
  tasks: TaskItem[];
  progress: ServiceItem[];
  lastRegistered: LastProduct[];
}

const keyOf = (cid: number) => `dashboard:${cid}`;

export const useDashboard = (cid: number | null): Snapshot<DashboardData> | null | undefined =>
  useSnapshot<DashboardData>(cid === null ? undefined : keyOf(cid));

/** Fetches every block the user may see; resolves to the number that failed (already logged). */
export function refreshDashboard(cid: number, withLastRegistered: boolean): Promise<number> {
  return refreshSnapshot<DashboardData>(keyOf(cid), {
    rounds: async () => (await roundsReview(cid)).rounds_review,
    tasks: async () => (await tasksByStates(cid)).tasks_by_states,
    progress: async () => (await progressBarService(cid)).progress_bar_service,
    ...(withLastRegistered && { lastRegistered: async () => (await lastRegistered({ id_customer: cid })).products }),
  });
}

/** Last Registered with the SKU and ID Model filters: asked of the server (not kept). */
export async function filterLastRegistered(cid: number, f: { sku?: string; id_model?: number }): Promise<LastProduct[]> {
  return (await lastRegistered({ id_customer: cid, ...f })).products;
}

/** The same filters over the stored ten, for when the server cannot be asked (offline). */
export function filterLocally(rows: readonly LastProduct[], f: { sku?: string; id_model?: number }): LastProduct[] {
  const sku = f.sku?.toLowerCase();
  return rows.filter((p) => (!sku || p.sku.toLowerCase().includes(sku)) && (f.id_model === undefined || p.id_product === f.id_model));
}
