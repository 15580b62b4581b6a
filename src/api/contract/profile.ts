// Document 1 §7: the team-member profile page. The page may pass the token as access_token.
import { Type } from '@sinclair/typebox';
import { Id, Str, endpoint } from './define.ts';

const OrNull = Type.Union([Type.String(), Type.Null()]);
const ProfileQuery = Type.Object({
  access_token: Type.Optional(Str(200)),
  /** The signed-in user, as the page sends it; must be the caller when given. */
  id_user: Type.Optional(Id),
});
const UserParam = Type.Object({ id: Id });
const SomeUser = { entity: { kind: 'user', in: 'params', field: 'id' } } as const;

export const ProfileUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: OrNull,
  country: OrNull,
  discord: OrNull,
  nickname: OrNull,
  teams: Type.Array(Type.Object({ team: Type.String() })),
  office: OrNull,
  photo: Type.Union([Type.String({ description: 'Stored path' }), Type.Null()]),
});

export const Achievement = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  image: Type.String({ description: 'Stored path' }),
});

export const profile = {
  // No `success` key on success: the page reads its presence as a failure.
  user: endpoint({
    method: 'GET',
    path: '/gets/user/{id}',
    auth: 'user',
    queryToken: true,
    tenant: SomeUser,
    summary: 'A team member of one of your companies',
    params: UserParam,
    query: ProfileQuery,
    response: ProfileUser,
  }),
  achievements: endpoint({
    method: 'GET',
    path: '/gets/achievements',
    auth: 'user',
    queryToken: true,
    summary: 'Every achievement',
    query: ProfileQuery,
    response: Type.Object({ achievements: Type.Array(Achievement) }),
  }),
  userAchievements: endpoint({
    method: 'GET',
    path: '/gets/achievements/user/{id}/show',
    auth: 'user',
    queryToken: true,
    tenant: SomeUser,
    summary: 'The achievements a team member has earned',
    params: UserParam,
    query: ProfileQuery,
    response: Type.Object({ achievements: Type.Array(Type.Object({ id_achievement: Type.Integer() })) }),
  }),
} as const;
