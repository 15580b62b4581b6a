// The catalogue's product selection (issue 28), as pure rules: a click toggles one product and makes
// it the anchor; Shift-click gives the whole range from the anchor to the clicked product, in the
// order shown, the state the clicked one gets; "Select all" takes every product that matches.

export interface Selection {
  readonly ids: ReadonlySet<number>;
  /** The last product clicked: where a Shift-click's range starts. */
  readonly anchor: number | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/** A click on `id` (with Shift: the range from the anchor, in `order`, the order shown). */
export function clickSelect(s: Selection, id: number, order: readonly number[], shift: boolean): Selection {
  const on = !s.ids.has(id);
  const ids = new Set(s.ids);
  const from = shift && s.anchor !== null ? order.indexOf(s.anchor) : -1;
  const to = from < 0 ? -1 : order.indexOf(id);
  if (to < 0) {
    if (on) ids.add(id);
    else ids.delete(id);
    return { ids, anchor: id };
  }
  for (const x of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (on) ids.add(x);
    else ids.delete(x);
  }
  return { ids, anchor: id };
}

/** Every product that matches the current filters and search (not only the cards rendered). */
export const selectAll = (order: readonly number[]): Selection => ({ ids: new Set(order), anchor: null });

/** Without the products that are gone (deleted by a bulk action). */
export function without(s: Selection, gone: readonly number[]): Selection {
  if (!gone.some((id) => s.ids.has(id))) return s;
  const ids = new Set(s.ids);
  for (const id of gone) ids.delete(id);
  return { ids, anchor: s.anchor !== null && ids.has(s.anchor) ? s.anchor : null };
}

/** Whether every product shown is selected. */
export const allSelected = (s: Selection, order: readonly number[]) =>
  order.length > 0 && s.ids.size >= order.length && order.every((id) => s.ids.has(id));
