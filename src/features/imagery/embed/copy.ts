// Copy to the clipboard (document 3 §8: 'The text has been copied to the clipboard'). The async
// Clipboard API needs a secure context; elsewhere the selected text is copied the old way.
export const COPIED = 'The text has been copied to the clipboard';

export async function copyText(text: string, select?: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  if (!select) return false;
  select.select();
  return document.execCommand('copy');
}
