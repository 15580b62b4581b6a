// Document 1 §7: a bug report is kept in bug_reports and e-mailed to the studio.
// The attachment goes under private/ (never served) with a generated name.
import { randomUUID } from 'node:crypto';
import { bugReport as contract } from '../../src/api/contract/bug-report.ts';
import { bugReportErrors, bugReportWords } from '../../src/api/contract/rules/bug-report.ts';
import { forbidden, refuseBroken } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { txWithFiles } from '../storage/files.ts';

export const SUPPORT_EMAIL = 'support@facet.test';
const FOLDER = 'private/bug-reports';

export const bugReportRoutes = implement(contract, {
  async send({ db, storage, mailer, auth, body, files, req }) {
    // The dialog's rules and words (a blank subject or description), which the schema cannot say.
    refuseBroken(bugReportErrors(body));
    if (body.id_user !== auth.user.id) throw forbidden('You may only report bugs as yourself.');
    // Written directly rather than with storage.save: a never-served file needs no thumbnail,
    // and making one would fail on a damaged image that the studio may still want to see.
    const file = files.file ? `${FOLDER}/${randomUUID()}.${files.file.ext}` : null;
    const row = await txWithFiles({ db, storage }, async (t, pending) => {
      if (file) await pending.write(file, files.file!.bytes);
      return t.one<{ id: number }>(
        `INSERT INTO bug_reports (user_id, customer_id, subject, description, url, file)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [auth.user.id, body.id_customer, body.subject, body.description, body.url ?? null, file],
      );
    });
    // The stored row is the record; the mail is a courtesy, so a mail outage does not lose the report.
    await mailer
      .send({
        to: SUPPORT_EMAIL,
        subject: `Bug report #${row!.id}: ${body.subject.replace(/\s+/g, ' ')}`,
        text: [
          `From: ${auth.user.name} <${auth.user.email}> (user ${auth.user.id}, company ${body.id_customer})`,
          `Page: ${body.url ?? '(not given)'}`,
          `Attachment: ${file ? `${file} (original name: ${files.file!.filename})` : 'none'}`,
          '',
          body.description,
        ].join('\n'),
      })
      .catch((err: unknown) => req.log.error({ err }, 'bug report mail failed'));
    return { success: true, message: bugReportWords.sent };
  },
});
