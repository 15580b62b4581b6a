// The one guard every route passes: who is asking, for which company, with which slug.
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { PROVIDER_CONTEXT, type Slug } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';
import { ruleWords } from '../../src/api/contract/rules/words.ts';
import { ApiError, forbidden, notFound, productGone, unauthenticated } from '../http/errors.ts';
import { accessIn, isStaff, type Access } from './access.ts';
import { entityNames, ownerOf } from './entities.ts';
import { bearerOf, userForToken, type AuthUser } from './tokens.ts';

export interface Auth {
  user: AuthUser;
  isStaff: boolean;
  /** The company the call acts for, once resolved (-1: the provider context). */
  customerId?: number;
  slugs: ReadonlySet<Slug>;
}

type Input = Record<string, unknown> | undefined;

function pick(req: FastifyRequest, where: 'query' | 'body' | 'params', field: string): unknown {
  return (req[where] as Input)?.[field];
}

export async function authenticate(db: Db, req: FastifyRequest, e: Endpoint): Promise<AuthUser | undefined> {
  let token = bearerOf(req.headers.authorization);
  if (!token && e.queryToken) token = (req.query as Input)?.access_token as string | undefined;
  return token ? userForToken(db, token) : undefined;
}

/** Before anything is parsed: who is asking (401), and staff-only routes (403). */
export async function identify(db: Db, req: FastifyRequest, e: Endpoint): Promise<AuthUser | undefined> {
  const user = await authenticate(db, req, e);
  if (e.auth === 'public') return user;
  if (!user) throw unauthenticated();
  if (e.auth === 'staff' && !isStaff(user)) throw forbidden('Only provider staff may do this.');
  return user;
}

/** After validation: the company the call acts for, membership, and the route's slug. */
export async function authorize(db: Db, req: FastifyRequest, e: Endpoint, user: AuthUser | undefined): Promise<Auth | undefined> {
  if (!user) return undefined;
  const staff = isStaff(user);
  if (e.auth === 'public') return { user, isStaff: staff, slugs: new Set() };
  // One lookup per company per call, however many rules ask about it.
  const seen = new Map<number, Promise<Access>>();
  const access = (id: number) => {
    if (!seen.has(id)) seen.set(id, accessIn(db, user, id));
    return seen.get(id)!;
  };

  let customerId: number | undefined;
  const rule = e.tenant;
  if (rule?.customer) {
    const v = pick(req, rule.customer.in, rule.customer.field);
    if (typeof v === 'number') {
      if (!(await access(v)).member) throw forbidden('You do not belong to this company.');
      customerId = v;
    }
  }
  let publicRow: string | undefined;
  if (rule?.entity) {
    const id = pick(req, rule.entity.in, rule.entity.field);
    // Ids are numbers, except a zip's token (its schema has already checked its form).
    const named = typeof id === 'number' || (rule.entity.kind === 'zip' && typeof id === 'string');
    const owner = named ? await ownerOf(db, rule.entity.kind, id) : undefined;
    const what = entityNames[rule.entity.kind];
    // A product's 404 carries its code: a queued change of it says the product is gone (outbox).
    const isProduct = rule.entity.kind === 'product';
    const missing = () => (isProduct ? productGone() : notFound(what));
    if (!owner) throw missing();
    const visiblePublic = rule.entity.allowPublic && owner.public;
    if (visiblePublic) publicRow = what.toLowerCase();
    if (owner.customerId !== null && !visiblePublic) {
      // A row of another company answers exactly like a missing one.
      if (customerId !== undefined && customerId !== PROVIDER_CONTEXT && customerId !== owner.customerId) throw missing();
      if (!(await access(owner.customerId)).member) throw missing();
      customerId = owner.customerId;
    }
  }
  const slugs = customerId === undefined ? new Set<Slug>() : (await access(customerId)).slugs;
  if (e.permission?.length) {
    if (customerId === undefined && !staff) {
      // A shared (public) row belongs to no company: only staff may act on it by permission.
      if (publicRow) throw forbidden(`Only provider staff may do this to a public ${publicRow}.`);
      throw new ApiError(422, ruleWords.required('id_customer'));
    }
    const held = staff || e.permission.some((s) => slugs.has(s));
    if (!held) throw forbidden();
  }
  if (e.alsoRequires?.length && !staff && !e.alsoRequires.every((s) => slugs.has(s))) throw forbidden();
  return { user, isStaff: staff, customerId, slugs };
}
