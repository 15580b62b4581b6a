// Who has a product or review page open (issue 44): in memory only, never in the database. Every process
// keeps the same picture because each report travels as a NOTIFY that every process applies; an entry
// not renewed within PRESENCE_TTL_MS goes (a browser that closed without saying so).
import { PRESENCE_TTL_MS, type LiveActor } from '../../src/api/contract/live.ts';
import type { PresenceNotice } from './notice.ts';

interface Entry {
  name: string;
  until: number;
}

/** A page of a company: 'company|page'. */
const keyOf = (company: number, page: string) => `${company}|${page}`;

export class Presence {
  private pages = new Map<string, Map<number, Entry>>();

  /** Applies one report; true when the page's people changed (a renewal changes nothing). */
  apply(n: PresenceNotice, now = Date.now()): boolean {
    const key = keyOf(n.c, n.page);
    let people = this.pages.get(key);
    if (n.state === 'left') {
      const had = !!people?.delete(n.user.id);
      if (people && !people.size) this.pages.delete(key);
      return had;
    }
    if (!people) this.pages.set(key, (people = new Map()));
    const before = people.get(n.user.id);
    people.set(n.user.id, { name: n.user.name, until: now + PRESENCE_TTL_MS });
    return !before || before.name !== n.user.name;
  }

  people(company: number, page: string): LiveActor[] {
    const people = this.pages.get(keyOf(company, page));
    return [...(people ?? [])].map(([id, e]) => ({ id, name: e.name })).sort((a, b) => a.id - b.id);
  }

  /** Drops what was not renewed; the pages whose people changed. */
  sweep(now = Date.now()): { company: number; page: string }[] {
    const changed: { company: number; page: string }[] = [];
    for (const [key, people] of this.pages) {
      let gone = false;
      for (const [id, e] of people) if (e.until <= now && people.delete(id)) gone = true;
      if (!people.size) this.pages.delete(key);
      if (gone) {
        const at = key.indexOf('|');
        changed.push({ company: Number(key.slice(0, at)), page: key.slice(at + 1) });
      }
    }
    return changed;
  }
}
