// Document 1 §5, §8: which attachments get a preview, and the messages of the dialog.
import { ApiFailure } from '../../api/client.ts';

export const hasPreview = (name: string) => /\.(jpe?g|png)$/i.test(name);

export const BUG_SENT = 'Bug report sent successfully!';

export function bugErrorMessage(err: unknown): string {
  if (err instanceof ApiFailure && !err.network) return `Error sending bug report: ${err.message}`;
  return 'Error sending bug report!';
}
