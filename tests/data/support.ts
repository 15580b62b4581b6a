// The data layer against a real server started in-process, through a fault-injecting axios
// adapter, on fake-indexeddb (one IDBFactory per test file; a "reload" opens a new Dexie on it).
import axios, { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import sharp from 'sharp';
import { setApiBase } from '../../src/api/client.ts';
import { storeToken } from '../../src/api/token.ts';
import { db, openLocal } from '../../src/data/local/db.ts';
import { drainOutbox, policy } from '../../src/data/outbox/outbox.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';
import { DEMO } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { AppOptions } from '../../server/app.ts';

export type Fault = 'dropRequest' | 'dropResponse' | 'duplicate' | 'delay' | 's500' | 's503' | 's429' | 's422';
export const FAULTS: Fault[] = ['dropRequest', 'dropResponse', 'duplicate', 'delay', 's500', 's503', 's429'];

/** The network's own latency (the duplicate and delay faults) and the wait for a retry's time: not a test's wait. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sits between axios and the real http adapter. */
export class FaultyNetwork {
  offline = false;
  /** Decides a fault per request (undefined: deliver normally). */
  chooser: (config: InternalAxiosRequestConfig) => Fault | undefined = () => undefined;
  /** Applied once to the next mutating requests, in order. */
  queue: Fault[] = [];
  injected: Record<Fault | 'offline', number> = { dropRequest: 0, dropResponse: 0, duplicate: 0, delay: 0, s500: 0, s503: 0, s429: 0, s422: 0, offline: 0 };
  requests = 0;
  private counted: { n: number; reached: () => void }[] = [];
  /** Rewrites replies (a server without the delta extension). */
  transform?: (config: InternalAxiosRequestConfig, res: AxiosResponse) => AxiosResponse;
  private real = axios.getAdapter('http') as (c: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

  /** Resolves once `n` requests in all have reached this network (an event: a drain's n-th call). */
  requestsReach(n: number): Promise<void> {
    if (this.requests >= n) return Promise.resolve();
    return new Promise((reached) => this.counted.push({ n, reached }));
  }

  adapter: AxiosAdapter = async (config) => {
    this.requests++;
    this.counted = this.counted.filter((c) => (c.n <= this.requests ? void c.reached() : true));
    if (this.offline) {
      this.injected.offline++;
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    }
    const mutating = config.method?.toUpperCase() !== 'GET';
    const fault = (mutating && this.queue.shift()) || this.chooser(config);
    if (fault) this.injected[fault]++;
    switch (fault) {
      case 'dropRequest':
        throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      case 'dropResponse':
        await this.deliver(config).catch(() => undefined);
        throw new AxiosError('socket hang up', 'ECONNRESET', config);
      case 'duplicate': {
        const [a] = await Promise.allSettled([this.deliver(config), sleep(Math.random() * 5).then(() => this.deliver(config))]);
        if (a.status === 'rejected') throw a.reason;
        return a.value;
      }
      case 'delay':
        await sleep(5 + Math.random() * 40);
        return this.deliver(config);
      case 's500':
      case 's503':
      case 's429':
      case 's422': {
        const status = Number(fault.slice(1));
        const response = { status, statusText: 'fault', headers: {}, config, data: { success: false, message: `Injected ${status}` } } as AxiosResponse;
        throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, undefined, response);
      }
      default:
        return this.deliver(config);
    }
  };

  private async deliver(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    try {
      const res = await this.real(config);
      return this.transform ? this.transform(config, res) : res;
    } catch (err) {
      const res = (err as AxiosError).response;
      if (res && this.transform) (err as AxiosError).response = this.transform(config, res);
      throw err;
    }
  }
}

export interface Harness {
  s: TestServer;
  net: FaultyNetwork;
  cid: number;
  token: string;
  factory: IDBFactory;
  reload(): void;
}

export async function startHarness(email: string = DEMO.acme, options: AppOptions = {}): Promise<Harness> {
  const s = await startTestServer({}, options);
  const token = await s.tokenFor(email);
  storeToken(`1|${token}`);
  const net = new FaultyNetwork();
  setApiBase(s.api, net.adapter);
  const factory = new IDBFactory();
  const reload = () => void openLocal({ name: 'facet', indexedDB: factory, IDBKeyRange });
  reload();
  policy.baseDelay = 2;
  policy.maxDelay = 40;
  const company = await s.db.one<{ customer_id: number }>(
    'SELECT m.customer_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 ORDER BY m.customer_id LIMIT 1', [email]);
  return { s, net, cid: company?.customer_id ?? -1, token, factory, reload };
}

/** Drains until nothing is left but parked or conflicting entries (or the time runs out). */
export async function settle(maxMs = 30_000): Promise<OutboxEntry[]> {
  const until = Date.now() + maxMs;
  for (;;) {
    await drainOutbox();
    const left = await db().outbox.toArray();
    const live = left.filter((e) => e.state !== 'parked' && e.state !== 'conflict');
    if (!live.length) return left;
    if (Date.now() > until) throw new Error(`Outbox did not settle: ${JSON.stringify(live.map((e) => [e.label, e.state, e.error]))}`);
    const next = Math.min(...live.map((e) => e.nextAt));
    await sleep(Math.max(1, Math.min(50, next - Date.now())));
  }
}

let png: Buffer | undefined;
export async function pngBlob(name = 'photo.png'): Promise<File> {
  png ??= await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } }).png().toBuffer();
  return new File([new Uint8Array(png)], name, { type: 'image/png' });
}
export const textFile = (name = 'spec.txt', text = 'Seat height 45 cm\n') => new File([text], name, { type: 'text/plain' });

