// The catalogue filters kept in the URL (filter-url.ts). The screen reads them from React state, so a
// keystroke filters at once; the URL follows: a choice (date, visibility, size, a chip) is a new
// history entry at once, typing in a box becomes one entry written shortly after the last key (and
// the box's later keystrokes replace it). Back and forward, or a pasted link, set the filters.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router-dom';
import type { FilterState } from './catalog-rules.ts';
import { changeOf, filtersFromParams, filtersToParams, OwnWrites, sameFilterParams } from './filter-url.ts';

const TYPING_MS = 400;

interface Typing {
  field: string;
  /** This box has written its history entry already: later writes replace it. */
  wrote: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/** A change of some filters, applied to the latest ones; stable, so memoised controls take it. */
export type PatchFilters = (p: Partial<FilterState>) => void;

export function useUrlFilters(): [FilterState, (next: FilterState) => void, PatchFilters, () => void] {
  const [params, setParams] = useSearchParams();
  const url = params.toString();
  const [filters, setFilters] = useState(() => filtersFromParams(params));
  const written = useRef(url);
  const [own] = useState(() => new OwnWrites());
  const typing = useRef<Typing | null>(null);
  const latest = useRef({ filters, params });
  useEffect(() => {
    latest.current = { filters, params };
  });

  // A navigation we did not make (back, forward, a link): the URL wins. One that changed no filter
  // (the page writing its section once access is known) keeps what is being typed: read back from
  // the address, the text typed since its last write was lost ("ACM-1005" became "ACM-100").
  useEffect(() => {
    if (own.arrived(url) || url === written.current) return;
    const filtersAlike = sameFilterParams(new URLSearchParams(url), new URLSearchParams(written.current));
    written.current = url;
    if (filtersAlike) return;
    own.clear();
    clearTimeout(typing.current?.timer);
    typing.current = null;
    setFilters(filtersFromParams(new URLSearchParams(url)));
  }, [url, own]);
  // Back and forward, caught at the source: the router renders navigations in a transition, so a
  // choice followed quickly by Back can commit no render with the choice's URL, and the effect above
  // then sees no change of `url` although the filters show the choice.
  useEffect(() => {
    const onPop = () => {
      const now = new URLSearchParams(window.location.search);
      written.current = now.toString();
      own.clear();
      clearTimeout(typing.current?.timer);
      typing.current = null;
      setFilters(filtersFromParams(now));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [own]);
  useEffect(() => () => clearTimeout(typing.current?.timer), []);
  // Leaving the screen (a card clicked within TYPING_MS of a key): the router loads the next route
  // before the URL moves, and a write in that time would start a navigation back here that cancels
  // the one under way, so the typed filter is dropped with the screen. The router's own state is read
  // when the write is due: its navigation starts at the click, while a render that shows it can come
  // later than TYPING_MS on a busy device.
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  const write = useCallback(
    (next: FilterState, replace: boolean) => {
      const away = router?.state.navigation.location?.pathname;
      if (away !== undefined && away !== router?.state.location.pathname) return;
      const p = filtersToParams(next, latest.current.params);
      if (p.toString() === written.current) return;
      written.current = p.toString();
      own.wrote(written.current);
      setParams(p, { replace });
    },
    [setParams, own, router],
  );

  const update = useCallback(
    (next: FilterState) => {
      const change = changeOf(latest.current.filters, next);
      latest.current = { ...latest.current, filters: next };
      setFilters(next);
      clearTimeout(typing.current?.timer);
      if (change.kind === 'choice') {
        typing.current = null;
        write(next, false);
        return;
      }
      const wrote = typing.current?.field === change.field && typing.current.wrote;
      const timer = setTimeout(() => {
        write(next, wrote);
        if (typing.current?.field === change.field) typing.current = { field: change.field, wrote: true };
      }, TYPING_MS);
      typing.current = { field: change.field, wrote, timer };
    },
    [write],
  );

  const patch = useCallback((p: Partial<FilterState>) => update({ ...latest.current.filters, ...p }), [update]);

  // Leaving by a card (issue 43): text typed within TYPING_MS goes into this history entry now, through
  // the browser's history alone (a router navigation would cancel the card's, see above), so that
  // Back shows the search the card was found by.
  const keepTyped = useCallback(() => {
    if (!typing.current?.timer) return;
    clearTimeout(typing.current.timer);
    typing.current = null;
    const p = filtersToParams(latest.current.filters, latest.current.params).toString();
    if (p === written.current) return;
    written.current = p;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${p ? `?${p}` : ''}`);
  }, []);

  return [filters, update, patch, keepTyped];
}
