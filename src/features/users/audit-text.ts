// The audit log in words: one sentence per entry, with the names recorded at the time.
// A removed account reads "Removed user" (issue 13: "a deleted user's name stays readable").
import type { AUDIT_TARGETS } from '../../api/contract/users.ts';
import { roundStatusKey, roundStatusWords } from '../../api/contract/rules/review.ts';

export interface AuditLike {
  action: string;
  actor: { name: string; removed: boolean } | null;
  target: { type: (typeof AUDIT_TARGETS)[number]; name: string; removed: boolean };
  before: unknown;
  after: unknown;
}

type Obj = Record<string, unknown> | null | undefined;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);
const roleName = (v: unknown) => {
  const r = obj(obj(v)?.role);
  return typeof r?.name === 'string' ? r.name : 'no role';
};
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Who did it: the recorded name, marked when the account has since been removed. */
export const actorName = (e: Pick<AuditLike, 'actor'>) =>
  e.actor ? (e.actor.removed ? `${e.actor.name} (Removed user)` : e.actor.name) : 'Facet';
export const targetName = (e: Pick<AuditLike, 'target'>) =>
  e.target.removed ? `${e.target.name} (${e.target.type === 'user' ? 'Removed user' : 'deleted'})` : e.target.name;

/** What happened, without the actor: "invited Ann Lee as Viewer". `names` turns slugs into words. */
export function describeAudit(e: AuditLike, names: (slug: string) => string = (s) => s): string {
  const who = targetName(e);
  const before = obj(e.before);
  const after = obj(e.after);
  switch (e.action) {
    case 'user.invite':
      return `invited ${who} as ${roleName(e.after)}`;
    case 'invitation.resend':
      return `sent ${who} a new invitation link`;
    case 'invitation.revoke':
      return `cancelled the invitation of ${who}`;
    case 'invitation.accept':
      return 'accepted the invitation and joined';
    case 'user.role':
      return `changed the role of ${who} from ${roleName(e.before)} to ${roleName(e.after)}`;
    case 'user.disable':
      return `disabled the account of ${who}`;
    case 'user.enable':
      return `enabled the account of ${who}`;
    case 'user.delete':
      return after?.account_closed ? `deleted the account of ${who}` : `removed ${who} from the company`;
    case 'role.create':
      return `created the role ${who}`;
    case 'role.rename':
      return `renamed the role ${String(before?.name ?? who)} to ${String(after?.name ?? who)}`;
    case 'role.permissions': {
      const granted = list(after?.granted).map(names);
      const revoked = list(after?.revoked).map(names);
      const parts = [granted.length && `gave ${granted.join(', ')}`, revoked.length && `took away ${revoked.join(', ')}`].filter(
        Boolean,
      );
      return `changed the permissions of ${who}${parts.length ? `: ${parts.join('; ')}` : ''}`;
    }
    case 'role.delete':
      return `deleted the role ${who}`;
    case 'review.pin':
      return `added ${who}`;
    case 'review.reply':
      return `replied to ${who}`;
    case 'review.pin_state':
      return `${after?.state === 'resolved' ? 'resolved' : 'reopened'} ${who}`;
    case 'review.decision':
      return after?.decision === 'approved' ? `approved ${who}` : `requested changes to ${who}`;
    case 'review.deliver':
      return `delivered ${who}`;
    case 'review.round_status': {
      const key = roundStatusKey(Number(after?.status_service));
      return `set the status of ${who} to ${key ? roundStatusWords[key] : String(after?.status_service)}`;
    }
    default:
      return `${e.action} ${who}`;
  }
}
