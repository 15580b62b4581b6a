// §8: copying text (an embed code, a file's address) confirms with 'The text has been copied to the
// clipboard'. Shared by the sections and issue 14's embed codes.
import { notify } from '../../ui/notify.tsx';

export const COPIED = 'The text has been copied to the clipboard';

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.info(COPIED);
  } catch (err) {
    notify.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  }
}
