// @vitest-environment jsdom
// The catalogue's count (issue 43): while the answer is not known it says no number ("0 products" stood
// beside the loading skeletons); once known, the number.
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { CatalogCount } from '../../src/features/catalog/CatalogCount.tsx';

it('says no number until the whole answer is known', () => {
  const { rerender } = render(<CatalogCount total={0} known={false} noun="product" />);
  const count = screen.getByRole('status');
  expect(count.textContent).toBe('Counting products…');
  expect(count.getAttribute('aria-busy')).toBe('true');
  rerender(<CatalogCount total={61} known noun="product" />);
  expect(count.textContent).toBe('61 products');
  rerender(<CatalogCount total={1} known noun="template" />);
  expect(count.textContent).toBe('1 template');
});
