// What arrives on NOTIFY facet_live (migration 019's triggers, presence.ts, progress.ts), read defensively:
// a notice of another version of the code, or one cut short, is dropped rather than sent on.
import { LIVE_KINDS, type LiveActor, type LiveKind } from '../../src/api/contract/live.ts';

export const LIVE_CHANNEL = 'facet_live';

export interface PokeNotice {
  t: 'poke';
  k: LiveKind;
  /** Absent: every company (a shared template). */
  c?: number;
  /** The owner, for a user's own rows (exports, saved views, me). */
  u?: number;
  ids?: (number | string)[];
  v?: string;
  d?: boolean;
  by?: LiveActor;
  /** The trigger's clock, ms since the epoch (the commit-to-send histogram). */
  at?: number;
}
export interface ProgressNotice {
  t: 'progress';
  job: 'export' | 'frames';
  c: number;
  u?: number;
  id: number | string;
  product?: number;
  state: 'queued' | 'rendering' | 'ready' | 'failed';
  done?: number;
  total?: number;
  at?: number;
}
export interface PresenceNotice {
  t: 'presence';
  c: number;
  page: string;
  user: LiveActor;
  state: 'open' | 'left';
}
export type Notice = PokeNotice | ProgressNotice | PresenceNotice;

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const STATES = ['queued', 'rendering', 'ready', 'failed'];

export function parseNotice(payload: string): Notice | undefined {
  let n: Record<string, unknown>;
  try {
    n = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!n || typeof n !== 'object') return undefined;
  if (n.t === 'poke') {
    const ok = LIVE_KINDS.includes(n.k as LiveKind) && (n.c === undefined || isInt(n.c)) && (n.u === undefined || isInt(n.u));
    return ok ? (n as unknown as PokeNotice) : undefined;
  }
  if (n.t === 'progress') {
    const ok = (n.job === 'export' || n.job === 'frames') && isInt(n.c) && STATES.includes(n.state as string);
    return ok ? (n as unknown as ProgressNotice) : undefined;
  }
  if (n.t === 'presence') {
    const user = n.user as LiveActor | undefined;
    const ok = isInt(n.c) && typeof n.page === 'string' && isInt(user?.id) && (n.state === 'open' || n.state === 'left');
    return ok ? (n as unknown as PresenceNotice) : undefined;
  }
  return undefined;
}
