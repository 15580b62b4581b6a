// The live channel's metrics (issue 44), in the process registry that METRICS_PORT serves.
import { Counter, Gauge, Histogram } from 'prom-client';
import { registry } from './registry.ts';

const registers = [registry];

export const liveConnections = new Gauge({
  name: 'facet_live_connections',
  help: 'Live channel streams open in this process.',
  registers,
});
export const liveEventsSent = new Counter({
  name: 'facet_live_events_sent_total',
  help: 'Events written to live streams, by kind (a poke by its list; progress, presence, resync, bye, hello).',
  labelNames: ['kind'] as const,
  registers,
});
export const liveDropped = new Counter({
  name: 'facet_live_connections_dropped_total',
  help: 'Live streams the server ended, by reason (slow: a reader past the write buffer bound; signed-out; shutdown).',
  labelNames: ['reason'] as const,
  registers,
});
export const liveDelay = new Histogram({
  name: 'facet_live_commit_to_send_seconds',
  help: "Time from a change's statement (the trigger's clock) to its event written to a stream.",
  registers,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});
