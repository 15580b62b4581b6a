// The live e2e file's look at the wire (issue 44): what the server wrote on a user's streams, read from
// the hub's per-connection log, once a marker sent after every write under test has arrived there.
import { expect } from 'vitest';
import type { LiveEvent } from '../../src/api/contract/live.ts';
import type { TestServer } from '../support/server.ts';

let markers = 0;

/**
 * Every event written on the user's streams (those in `known`, and any open now), the hello and the
 * marker left out. Notices reach the hub in commit order, so once the marker (a 'me' poke sent now) is
 * on a stream, everything committed before has been written to it or never will be.
 */
export async function sentTo(s: TestServer, user: number, known: Iterable<string>): Promise<LiveEvent[]> {
  const hub = s.app.services.live;
  const mark = `marker-${process.pid}-${++markers}`;
  await s.db.query('SELECT pg_notify($1, $2)', ['facet_live', JSON.stringify({ t: 'poke', k: 'me', u: user, ids: [mark] })]);
  const marked = (e: LiveEvent) => e.type === 'poke' && !!e.ids?.includes(mark);
  const events = () =>
    [...new Set([...known, ...hub.connectionsOf(user)])].flatMap((id) => hub.sent(id) ?? []).map((x) => x.event);
  await expect.poll(() => events().some(marked), { message: `the marker on user ${user}'s stream`, timeout: 10_000 }).toBe(true);
  return events().filter((e) => e.type !== 'hello' && !marked(e));
}
