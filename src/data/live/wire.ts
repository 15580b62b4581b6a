// The live contract's values the portal needs at run time (issue 44). src/api/contract/live.ts also holds
// the two calls' TypeBox schemas, which must stay out of the portal's and the service worker's bundles, so
// only its types are imported here: each value is typed by the contract's own literal, and a change there
// fails the type check here until it is made here too (tests/unit/live-pokes.test.ts compares the rest).
import type { LIVE_HEARTBEAT_MS, LIVE_PATH, PRESENCE_PATH, PRESENCE_RENEW_MS } from '../../api/contract/live.ts';

export const LIVE_STREAM: typeof LIVE_PATH = '/api/live';
export const LIVE_PRESENCE: typeof PRESENCE_PATH = '/api/live/presence';
export const HEARTBEAT_MS: typeof LIVE_HEARTBEAT_MS = 15_000;
export const RENEW_MS: typeof PRESENCE_RENEW_MS = 20_000;

/** contract/live.ts's presencePage: 'product:12', 'review:3'. */
export const pageOf = (kind: 'product' | 'review', id: number): string => `${kind}:${id}`;
