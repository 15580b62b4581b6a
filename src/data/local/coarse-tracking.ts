// Dexie's live queries learn what a write touched from every key of every index it changed. A row
// whose multi-entry index holds thousands of keys (a bulk action's outbox entry names each of its
// 10,000 products) cost one interval-tree insert per key at each write of that row, again when the
// transaction's sets merge, and a deep clone of the tree for the other tabs: three main-thread
// tasks of 60 to 90 ms (issue 28). For such a row this middleware marks the whole index as changed
// instead, as Dexie itself does for a write of 50 rows or more: the live queries on that index run
// again, which is cheap, and each key then costs nothing (the tree is one node that covers them all).
import { RangeSet, type DBCore, type DBCoreMutateRequest, type DBCoreTable, type Middleware } from 'dexie';

/** Above this many keys in one row's multi-entry index, the whole index is marked changed. */
const MANY_KEYS = 200;

function coarseTable(table: DBCoreTable, dbName: string, whole: () => RangeSet): DBCoreTable {
  const multi = table.schema.indexes.filter((ix) => ix.multiEntry);
  if (!multi.length) return table;
  const wide = (req: DBCoreMutateRequest) =>
    req.type === 'add' || req.type === 'put'
      ? multi.filter((ix) => req.values.some((v) => {
        const keys: unknown = ix.extractKey?.(v);
        return Array.isArray(keys) && keys.length > MANY_KEYS;
      }))
      : [];
  return {
    ...table,
    mutate(req) {
      const indexes = req.mutatedParts ? [] : wide(req);
      if (!indexes.length) return table.mutate(req);
      const mutatedParts = Object.fromEntries(indexes.map((ix) => [`idb://${dbName}/${table.name}/${ix.name}`, whole()]));
      return table.mutate({ ...req, mutatedParts });
    },
  };
}

export const coarseTracking: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'coarse-tracking',
  create: (down) => ({
    ...down,
    table: (name) => coarseTable(down.table(name), down.schema.name, () => new RangeSet(down.MIN_KEY, down.MAX_KEY)),
  }),
};
