// Document 1 §7: the Bug Report dialog. Only the first attached file is kept.
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, Ok, Str, endpoint } from './define.ts';

export const bugReport = {
  send: endpoint({
    method: 'POST',
    path: '/api/report-bug',
    auth: 'user',
    summary: 'Report a bug to the studio',
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    body: Type.Object({
      id_user: Id,
      id_customer: CustomerId,
      subject: Str(255, 1),
      description: Str(10000, 1),
      url: Type.Optional(Str(2000)),
    }),
    files: { file: { kind: 'any', required: false } },
    response: Ok,
  }),
} as const;
