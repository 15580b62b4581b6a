// What a failed journey's page was waiting on: its words, the Web Locks held and asked for, and which
// IndexedDB stores a read-write transaction cannot get within 3 s (held by another connection).
import type { EnginePage } from './engine.ts';

async function pageState() {
  const within = <T>(p: Promise<T>, ms: number, late: T) =>
    Promise.race([p, new Promise<T>((r) => setTimeout(() => r(late), ms))]);
  const text = (css: string) =>
    (document.querySelector(css) as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim().slice(0, 120) ?? null;
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  const lockState = locks
    ? await within<object | string>(
        locks.query().then((q) => ({ held: (q.held ?? []).map((l) => l.name), pending: (q.pending ?? []).map((l) => l.name) })),
        3000,
        'query did not answer',
      )
    : 'no Web Locks';
  const idb = await within(
    new Promise<string>((resolve) => {
      const req = indexedDB.open('facet');
      req.onblocked = () => resolve('open blocked');
      req.onerror = () => resolve(`open failed: ${req.error}`);
      req.onsuccess = async () => {
        const conn = req.result;
        const names = [...conn.objectStoreNames];
        const held: string[] = [];
        await Promise.all(
          names.map(async (name) => {
            const tx = conn.transaction(name, 'readwrite');
            tx.objectStore(name).count();
            const ok = await within(
              new Promise<boolean>((r) => ((tx.oncomplete = () => r(true)), (tx.onabort = () => r(true)))),
              3000,
              false,
            );
            if (!ok) held.push(name);
          }),
        );
        conn.close();
        resolve(`version ${conn.version}, ${names.length} stores, held: ${held.join(' ') || 'none'}`);
      };
    }),
    8000,
    'open did not answer in 8 s',
  );
  return {
    at: location.pathname + location.search,
    status: text('[data-testid="sync-status"]'),
    pending: text('[data-testid="pending-indicator"]'),
    dialog: text('[role="dialog"], [role="alertdialog"]'),
    heading: text('h1, h2'),
    /** What the journey itself noted in the page (the zip's progress, with times). */
    notes: (window as unknown as { journeyNotes?: string[] }).journeyNotes ?? null,
    locks: lockState,
    idb,
  };
}

export async function diagnose(p: EnginePage): Promise<string> {
  try {
    return JSON.stringify(await p.run(pageState), null, 1);
  } catch (err) {
    return `the page did not answer: ${String(err).slice(0, 200)}`;
  }
}
