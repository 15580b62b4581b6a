// What the tabs of one browser tell each other over the 'facet-live' BroadcastChannel (issue 44): who is
// open and which company it shows (the leader subscribes to their union), who leads, a visible tab's ask
// to lead, and the leader's relay of every event and of its connection's state.
import type { LiveEvent } from '../../api/contract/live.ts';

/** The Web Lock whose holder keeps the browser's one connection. */
export const LIVE_LOCK = 'facet-live';
export const LIVE_CHANNEL = 'facet-live';

/**
 * The connection's state, as the leader sees it: `up` (the server said hello), `down` (dropped, the server
 * still answers: a restart, or a proxy that blocks long streams; pulls on focus go on as before),
 * `offline` (the one request after the drop got no answer), `absent` (this server has no live channel).
 */
export type LinkState = 'connecting' | 'up' | 'down' | 'offline' | 'absent';

export type TabMessage =
  /** I am open, showing `company` (null: none), visible or not. */
  | { t: 'tab'; tab: string; company: number | null; visible: boolean }
  /** I closed or froze: leave me out of the union. */
  | { t: 'gone'; tab: string }
  /** A new leader asks every tab to say 'tab' again. */
  | { t: 'census' }
  /** I lead now (sent again when my visibility changes). */
  | { t: 'leader'; tab: string; visible: boolean }
  /** A visible tab asks a hidden leader to hand the connection over. */
  | { t: 'want'; tab: string }
  | { t: 'event'; event: LiveEvent }
  | { t: 'link'; state: LinkState };

/** The part of BroadcastChannel used here (a fake one in the unit tests). */
export interface TabChannel {
  postMessage(m: TabMessage): void;
  addEventListener(type: 'message', l: (e: { data: TabMessage }) => void): void;
  removeEventListener(type: 'message', l: (e: { data: TabMessage }) => void): void;
  close(): void;
}

/** The part of navigator.locks used here. */
export interface TabLocks {
  request(name: string, options: { signal?: AbortSignal }, granted: () => Promise<void>): Promise<unknown>;
}
