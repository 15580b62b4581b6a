// §8: copying text (an embed code, a file's address) confirms with 'The text has been copied to the
// clipboard' in a toast. The copying itself (with its fallback outside a secure context) is embed/copy.ts.
import { notify } from '../../ui/notify.tsx';
import { COPIED, copyText as copyToClipboard } from './embed/copy.ts';

export { COPIED };

export async function copyText(text: string): Promise<void> {
  try {
    if (await copyToClipboard(text)) notify.info(COPIED);
    else notify.error('Error: the browser did not allow copying. Select the text and copy it by hand.');
  } catch (err) {
    notify.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  }
}
