// The company's people as the Manage Accounts table shows them.
import type { AuthUser } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { MEMBER_NAME, statusOf } from './users-company.ts';

interface Row {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  photo: string | null;
  enabled: boolean;
  invited: boolean;
  role_id: number | null;
  role_name: string | null;
  last_sign_in: Date | null;
  same_company: { id: number; name: string }[] | null;
  sent_at: Date | null;
  expires_at: Date | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listCompanyUsers(db: Db, customerId: number, caller: AuthUser) {
  const rows = await db.query<Row>(
    `SELECT u.id, ${MEMBER_NAME} AS name, u.email, u.phone, u.photo, m.enabled, m.invited, r.id AS role_id, r.name AS role_name,
            coalesce(u.last_sign_in_at, (SELECT max(t.created_at) FROM access_tokens t WHERE t.user_id = u.id)) AS last_sign_in,
            (SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id)
               FROM memberships theirs JOIN customers c ON c.id = theirs.customer_id
              WHERE theirs.user_id = u.id AND NOT theirs.invited
                AND ($3 OR EXISTS (SELECT 1 FROM memberships mine
                                    WHERE mine.user_id = $2 AND mine.customer_id = c.id AND mine.enabled))) AS same_company,
            i.created_at AS sent_at, i.expires_at
       FROM memberships m
       JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
       LEFT JOIN roles r ON r.id = m.role_id
       LEFT JOIN LATERAL (SELECT created_at, expires_at FROM invitations
                           WHERE user_id = u.id AND customer_id = m.customer_id AND accepted_at IS NULL AND cancelled_at IS NULL
                           ORDER BY id DESC LIMIT 1) i ON m.invited
      WHERE m.customer_id = $1
      ORDER BY lower(u.name), u.id`,
    [customerId, caller.id, caller.type === 'staff'],
  );
  const now = Date.now();
  // An invited person may already have an account elsewhere: nothing of it shows before they accept.
  const known = (r: Row) => !r.invited;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: known(r) ? r.phone : null,
    photo: known(r) ? r.photo : null,
    urlImage: known(r) ? r.photo : null,
    enabled: r.enabled && !r.invited,
    role: r.role_id === null ? null : { id: r.role_id, name: r.role_name ?? '' },
    sameCompany: known(r) ? (r.same_company ?? []) : [],
    status: statusOf(r),
    last_sign_in: known(r) ? iso(r.last_sign_in) : null,
    invitation:
      r.sent_at && r.expires_at
        ? { sent_at: iso(r.sent_at)!, expires_at: iso(r.expires_at)!, expired: new Date(r.expires_at).getTime() <= now }
        : null,
  }));
}
