// The live channel (src/api/contract/live.ts, issue 44). The stream: the bearer header through the usual
// guard (never a token in the URL), then every company named must be the caller's (staff: any company, or
// -1), and the stream is handed to this app's hub. Presence: the guard checked the company and permission.
import type { Slug } from '../../src/api/contract/slugs.ts';
import { live as contract } from '../../src/api/contract/live.ts';
import { companiesOf, liveQueryErrors, presenceErrors } from '../../src/api/contract/rules/live.ts';
import { accessIn } from '../auth/access.ts';
import { bearerOf, tokenExpiry } from '../auth/tokens.ts';
import { forbidden, refuseBroken, unauthenticated } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

export const liveRoutes = implement(contract, {
  async stream({ db, live, query, auth, req, reply }) {
    refuseBroken(liveQueryErrors(query));
    const access = new Map<number, ReadonlySet<Slug>>();
    for (const company of companiesOf(query.companies)) {
      const a = await accessIn(db, auth.user, company);
      if (!a.member) throw forbidden('You do not belong to this company.');
      access.set(company, a.slugs);
    }
    const token = bearerOf(req.headers.authorization)!;
    const expiresAt = await tokenExpiry(db, token);
    if (expiresAt === undefined) throw unauthenticated();
    live.open(reply, { user: auth.user, staff: auth.isStaff, token, access, expiresAt });
    // The hub writes the answer from here on (reply.hijack): what is returned is not sent.
    return '';
  },

  async presence({ live, body, auth }) {
    refuseBroken(presenceErrors(body));
    const state = body.left || body.state === 'left' ? 'left' : 'open';
    const people = await live.reportPresence(body.company, body.page, auth.user, state);
    return { success: true as const, people };
  },
});
