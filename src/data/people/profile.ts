// A team member's profile and the achievements grid, kept on the device like the dashboard.
import type { Static } from '@sinclair/typebox';
import type { Achievement, ProfileUser } from '../../api/contract/profile.ts';
import { achievements, profileUser, userAchievements } from '../../api/shell.ts';
import { refreshSnapshot, useSnapshot, type Snapshot } from './snapshots.ts';

export type ProfileData = { user: Static<typeof ProfileUser>; achievements: Static<typeof Achievement>[]; earned: number[] };

const keyOf = (id: number) => `profile:${id}`;

export const useProfile = (id: number | undefined): Snapshot<ProfileData> | null | undefined =>
  useSnapshot<ProfileData>(id === undefined ? undefined : keyOf(id));

/** Resolves to the user call's failure, if it failed (the page then goes to the login, §8). */
export async function refreshProfile(id: number, callerId: number): Promise<unknown> {
  let userFailure: unknown;
  await refreshSnapshot<ProfileData>(keyOf(id), {
    user: () =>
      profileUser(id, callerId).catch((err: unknown) => {
        userFailure = err;
        throw err;
      }),
    achievements: async () => (await achievements(callerId)).achievements,
    earned: async () => (await userAchievements(id, callerId)).achievements.map((a) => a.id_achievement),
  });
  return userFailure;
}
