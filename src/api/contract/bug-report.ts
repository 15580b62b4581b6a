// Document 1 §7: the Bug Report dialog. Only the first attached file is kept. The fields' rules are
// rules/bug-report.ts's (the dialog checks with them too).
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, Ok, endpoint } from './define.ts';
import { bugReportRules } from './rules/bug-report.ts';
import { optionalSchemasOf, schemasOf } from './rules/schema.ts';

const { url, ...report } = bugReportRules;

export const bugReport = {
  send: endpoint({
    method: 'POST',
    path: '/api/report-bug',
    auth: 'user',
    summary: 'Report a bug to the studio',
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    body: Type.Object({ id_user: Id, id_customer: CustomerId, ...schemasOf(report), ...optionalSchemasOf({ url }) }),
    files: { file: { kind: 'any', required: false } },
    response: Ok,
  }),
} as const;
