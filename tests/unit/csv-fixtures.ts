// The CSV import's context for unit tests: two categories sharing a subcategory name, one known tag.
import type { CsvContext } from '../../src/features/add-products/csv-import.ts';

let n = 0;
export const csvContext = (extra: Partial<CsvContext> = {}): CsvContext => ({
  categories: [
    {
      id: 1,
      category: 'Seating',
      subcategories: [
        { id: 11, subcategory: 'Sofas' },
        { id: 12, subcategory: 'Chairs' },
      ],
    },
    {
      id: 2,
      category: 'Lighting',
      subcategories: [
        { id: 21, subcategory: 'Lamps' },
        { id: 22, subcategory: 'Chairs' },
      ],
    },
  ],
  tags: [{ id: 5, name: 'Linen' }],
  mayAutomate: true,
  offset: 0,
  uid: () => `u${n++}`,
  ...extra,
});
