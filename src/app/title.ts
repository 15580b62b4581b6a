// Page titles: the route's title is set by Root; a screen with its own (a product's SKU) calls usePageTitle.
import { useEffect } from 'react';
import { pageTitle } from './rules.ts';

export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}
