// Document 1 §7: the team-member profile page and its achievements.
import { profile as contract } from '../../src/api/contract/profile.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

/**
 * Whether the caller may see this user: themselves, anyone sharing a company with them,
 * and staff (who belong to every company). Staff see everyone.
 */
async function canSee(db: Db, caller: AuthUser, userId: number): Promise<boolean> {
  if (caller.type === 'staff' || caller.id === userId) return true;
  return !!(await db.one(
    `SELECT 1 FROM users u WHERE u.id = $1 AND (u.type = 'staff' OR EXISTS (
        SELECT 1 FROM memberships theirs JOIN memberships mine ON mine.customer_id = theirs.customer_id
         WHERE theirs.user_id = u.id AND mine.user_id = $2 AND theirs.enabled AND mine.enabled))`,
    [userId, caller.id],
  ));
}

/** The page sends the signed-in user's id; a different one is someone else's session. */
function checkCaller(caller: AuthUser, idUser: number | undefined) {
  if (idUser !== undefined && idUser !== caller.id) throw forbidden('id_user is not the signed-in user.');
}

async function visibleUser(db: Db, caller: AuthUser, userId: number, idUser: number | undefined) {
  checkCaller(caller, idUser);
  // Someone outside the caller's companies answers exactly like a missing user.
  if (!(await canSee(db, caller, userId))) throw notFound('User');
}

const isTeam = (t: unknown): t is { team: string } =>
  typeof t === 'object' && t !== null && typeof (t as { team?: unknown }).team === 'string';

export const profileRoutes = implement(contract, {
  async user({ db, auth, params, query }) {
    await visibleUser(db, auth.user, params.id, query.id_user);
    const u = await db.one<{
      id: number;
      name: string;
      email: string;
      phone: string | null;
      country: string | null;
      discord: string | null;
      nickname: string | null;
      teams: unknown;
      office: string | null;
      photo: string | null;
    }>('SELECT id, name, email, phone, country, discord, nickname, teams, office, photo FROM users WHERE id = $1', [params.id]);
    if (!u) throw notFound('User');
    const teams = Array.isArray(u.teams) ? u.teams.filter(isTeam).map((t) => ({ team: t.team })) : [];
    return { ...u, teams };
  },

  async achievements({ db, auth, query }) {
    checkCaller(auth.user, query.id_user);
    const achievements = await db.query<{ id: number; name: string; description: string; image: string }>(
      'SELECT id, name, description, image FROM achievements ORDER BY id',
    );
    return { achievements };
  },

  async userAchievements({ db, auth, params, query }) {
    await visibleUser(db, auth.user, params.id, query.id_user);
    const achievements = await db.query<{ id_achievement: number }>(
      'SELECT achievement_id AS id_achievement FROM user_achievements WHERE user_id = $1 ORDER BY achievement_id',
      [params.id],
    );
    return { achievements };
  },
});
