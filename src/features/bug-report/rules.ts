// Document 1 §5, §8: which attachments get a preview, the messages of the dialog, and the checks made
// before sending: the contract's bug-report rules (rules/bug-report.ts), in the server's words.
import { ApiFailure } from '../../api/client.ts';
import { extensionOf } from '../../api/contract/rules/files.ts';
import { browserDecoder, type Decoder, type FileCheck } from '../../api/upload-check.ts';
import { bugReportErrors } from '../../api/contract/rules/bug-report.ts';
import { failureText } from '../../api/failure-text.ts';

export const SENDING_REPORT = 'Sending a bug report';

export const hasPreview = (name: string) => /\.(jpe?g|png)$/i.test(name);

/**
 * The attachments' check, and which of the files it passed are previewed: a JPG or PNG that decodes.
 * Any file may be attached (the call takes any), but a corrupt picture is listed as a file, not drawn
 * as a broken image (issue 43; the wizard, whose field takes images only, refuses it).
 */
export function previewedAttachments(check: FileCheck, decode: Decoder = browserDecoder) {
  const previewable = new WeakSet<File>();
  const checked: FileCheck = async (files) => {
    const out = await check(files);
    for (const f of out.ok) {
      if (hasPreview(f.name) && (await decode(new Uint8Array(await f.arrayBuffer()), extensionOf(f.name).replace('jpeg', 'jpg'))))
        previewable.add(f);
    }
    return out;
  };
  return { check: checked, previewed: (f: File) => previewable.has(f) };
}

/** §8's words, with the reason in words a person reads (no "Network Error", a 5xx's request id). */
export function bugErrorMessage(err: unknown): string {
  if (err instanceof ApiFailure && err.network) return `Error sending bug report! ${failureText(err, SENDING_REPORT)}`;
  return `Error sending bug report: ${failureText(err, SENDING_REPORT)}`;
}

export interface BugErrors {
  subject?: string;
  description?: string;
}

/** Field errors (the first of each), shown under each field; empty when the report can be sent. */
export function checkBugReport(subject: string, description: string): BugErrors {
  const found = bugReportErrors({ subject: subject.trim(), description });
  return Object.fromEntries(Object.entries(found).map(([k, m]) => [k, m[0]]));
}
