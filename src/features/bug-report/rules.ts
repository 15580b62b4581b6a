// Document 1 §5, §8: which attachments get a preview, the messages of the dialog, and the checks made
// before sending (the server's limits: subject up to 255 characters, description up to 10,000).
import { ApiFailure } from '../../api/client.ts';
import { failureText } from '../../api/failure-text.ts';

export const SENDING_REPORT = 'Sending a bug report';

export const hasPreview = (name: string) => /\.(jpe?g|png)$/i.test(name);

export const BUG_SENT = 'Bug report sent successfully!';
export const SUBJECT_MAX = 255;
export const DESCRIPTION_MAX = 10_000;

/** §8's words, with the reason in words a person reads (no "Network Error", a 5xx's request id). */
export function bugErrorMessage(err: unknown): string {
  if (err instanceof ApiFailure && err.network) return `Error sending bug report! ${failureText(err, SENDING_REPORT)}`;
  return `Error sending bug report: ${failureText(err, SENDING_REPORT)}`;
}

export interface BugErrors {
  subject?: string;
  description?: string;
}

/** Field errors, shown under each field; empty when the report can be sent. */
export function checkBugReport(subject: string, description: string): BugErrors {
  const errors: BugErrors = {};
  if (!subject.trim()) errors.subject = 'Enter a subject, a few words that sum up the problem.';
  else if (subject.length > SUBJECT_MAX) errors.subject = `The subject can be at most ${SUBJECT_MAX} characters.`;
  if (!description.trim()) errors.description = 'Describe what happened and what you expected.';
  else if (description.length > DESCRIPTION_MAX) errors.description = 'The description can be at most 10,000 characters.';
  return errors;
}
