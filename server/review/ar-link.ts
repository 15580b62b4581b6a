// A version's AR link (issue 42, stage 3): a capability that names one review version and an expiry,
// signed with an HMAC under a key derived from the server's secret (server/secret.ts), so that a phone
// may open the model without a session. It holds no share key (which would publish an unapproved
// version on /viewer/) and no token; a changed id, expiry or signature, or a passed expiry, reads as
// nothing. The files of the version stream through it (http/review-ar.ts), never as /storage paths.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AR_LINK_MINUTES } from '../../src/api/contract/rules/review.ts';
import type { Db } from '../db/index.ts';

/** Where the signed pages live: /viewer/review/<token>/ and its files beside it. */
export const AR_PREFIX = '/viewer/review';
export const AR_LINK_MS = AR_LINK_MINUTES * 60_000;

const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

// Its own key: a signature made for this purpose can never stand for another HMAC the server makes
// with the same secret (the idempotency fingerprints).
const keyOf = (secret: Buffer) => createHmac('sha256', secret).update('facet:review-ar-link:v1').digest();
const mac = (secret: Buffer, versionId: number, expires: number) =>
  createHmac('sha256', keyOf(secret)).update(`${versionId}.${expires}`).digest();

/** `<version>.<expiry, seconds since 1970>.<signature>`: the link's one path segment. */
export function signArToken(secret: Buffer, versionId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${versionId}.${expires}.${mac(secret, versionId, expires).toString('base64url')}`;
}

export interface ArClaim {
  versionId: number;
  expiresAt: Date;
}

/** The version a token names while it is unexpired and its signature is the server's; else undefined. */
export function readArToken(secret: Buffer, token: string, now = Date.now()): ArClaim | undefined {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const [versionId, expires] = [Number(m[1]), Number(m[2])];
  if (versionId > 2147483647 || expires * 1000 <= now) return undefined;
  const given = Buffer.from(m[3]!, 'base64url');
  const want = mac(secret, versionId, expires);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return undefined;
  return { versionId, expiresAt: new Date(expires * 1000) };
}

export interface ArVersion {
  number: number;
  name: string;
  glb: string;
  usdz: string | null;
  poster: string | null;
}

/** The version's files and its product's name; undefined once the version or its product is gone. */
export const arVersion = (db: Db, versionId: number) =>
  db.one<ArVersion>(
    `SELECT v.number, p.name, v.glb, v.usdz, v.poster
       FROM review_versions v JOIN review_models m ON m.id = v.model_id
       JOIN products p ON p.id = m.product_id AND p.deleted_at IS NULL
      WHERE v.id = $1`,
    [versionId],
  );
