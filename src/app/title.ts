// Page titles: the route's title is set by Root; a screen with its own (a product's SKU) calls
// usePageTitle, which also names the current page in the top bar's breadcrumbs.
import { useEffect, useSyncExternalStore } from 'react';
import { pageTitle } from './rules.ts';

let current: string | undefined;
const listeners = new Set<() => void>();
const publish = (t: string | undefined) => {
  current = t;
  for (const l of listeners) l();
};

export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    document.title = pageTitle(title);
    publish(title);
    return () => publish(undefined);
  }, [title]);
}

/** The screen's own title, if it set one (the top bar shows it as the last breadcrumb). */
export const useScreenTitle = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => current,
    () => undefined,
  );

/**
 * The page's meta description: the route's own (the public pages: login, terms), or none, so a
 * signed-in screen never carries another page's words. index.html holds the login's for the first paint.
 */
export function describePage(description: string | undefined) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) return meta?.remove();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}
