// "/" focuses the catalogue's search box (issue 28), as in GitHub or Gmail, unless the user is
// typing in a field already or holds a modifier.
import { useEffect } from 'react';

const typing = (el: Element | null) =>
  !!el &&
  (el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el as HTMLElement).isContentEditable);

export function useSlashToSearch(id: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(document.activeElement)) return;
      const box = document.getElementById(id);
      if (!(box instanceof HTMLInputElement)) return;
      e.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id]);
}
