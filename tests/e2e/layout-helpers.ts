// Layout checks by element boxes (issue 43: screens work from 1024 px up).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The controls under `root` (buttons, links, fields, radios, switches; only those whose text or label
 * matches `only`, when given) that are cut off at a side: reaching past the window, or past an
 * ancestor that clips or scrolls sideways. Vertical extents are not checked: lists scroll down by
 * design. Each as "name: where", so a failure says which control and why.
 */
export function clippedControls(page: Page, root: string, only?: RegExp): Promise<string[]> {
  return page.evaluate(
    ({ root, only }) => {
      const match = only ? new RegExp(only) : null;
      const out: string[] = [];
      const width = document.documentElement.clientWidth;
      const controls = document
        .querySelector(root)!
        .querySelectorAll<HTMLElement>(
          'button, a[href], input:not([type="hidden"]), select, textarea, [role="radio"], [role="switch"]',
        );
      for (const el of controls) {
        const box = el.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue; // not drawn (or an input drawn by its label)
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.tagName).trim();
        if (match && !match.test(name)) continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
          out.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} px in a ${width} px window`);
          continue;
        }
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX === 'visible') continue;
          const edge = p.getBoundingClientRect();
          if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) {
            out.push(`${name}: cut by ${p.tagName.toLowerCase()}.${String(p.className).split(' ')[0]}`);
            break;
          }
        }
      }
      return out;
    },
    { root, only: only?.source },
  );
}

/**
 * The template grids' keyboard path (issue 43): ↓ from the search focuses the first card and → the
 * second. Returns the cards' ids in order and a reader of the focused card's id.
 */
export async function keyToSecondTemplateCard(page: Page) {
  const focusedCard = () =>
    page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-testid="template-card"]')?.dataset.id);
  const ids = await page.getByTestId('template-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
  await page.locator('#template-search').focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedCard).toBe(ids[0]);
  await page.keyboard.press('ArrowRight');
  await expect.poll(focusedCard).toBe(ids[1]);
  return { ids, focusedCard };
}
