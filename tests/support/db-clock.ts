// A write dated after another, without waiting a number of milliseconds: the API answers a row's
// updated_at to the millisecond, so a test that wants the next write's to be later waits until the
// database's own clock, to the millisecond, has passed it (a condition, met within a millisecond).
import { expect } from 'vitest';
import type { Db } from '../../server/db/index.ts';

export async function untilClockPasses(db: Db, iso: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await db.one<{ past: boolean }>(`SELECT date_trunc('milliseconds', clock_timestamp()) > $1::timestamptz AS past`, [iso]))
          ?.past,
      { timeout: 5_000, interval: 1 },
    )
    .toBe(true);
}
