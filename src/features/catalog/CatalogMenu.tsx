// The catalogue's left menu (document 2 §2.2): All Products, product categories with their
// subcategories, and a Templates group with the template categories; each entry is a `section`.
// Above them, the user's saved views (issue 28), first so that a long list of categories does not hide them.
import { memo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Images, LayoutGrid } from 'lucide-react';
import { cx } from '../../ui/cx.ts';
import type { ProductCategoryRow, TemplateCategoryRow } from '../../data/index.ts';
import { ALL_PRODUCTS, type FilterState, type Section, sectionParam } from './catalog-rules.ts';
import { SavedViews } from './saved-views/SavedViews.tsx';
import styles from './catalog.module.css';

interface Props {
  current: Section;
  showProducts: boolean;
  showTemplates: boolean;
  productCategories: ProductCategoryRow[];
  templateCategories: TemplateCategoryRow[];
  /** The filters on screen, which Save view keeps (read when it saves: a keystroke does not render the menu). */
  filters: () => FilterState;
}

function Entry({
  to,
  current,
  children,
  level = 0,
}: {
  to: string;
  current: string;
  children: React.ReactNode;
  level?: 0 | 1 | 2;
}) {
  const active = to === current;
  // The filters in the URL stay when the section changes.
  const params = new URLSearchParams(useLocation().search);
  params.set('section', to);
  return (
    <Link
      to={`?${params}`}
      className={cx(styles.entry, styles[`level${level}`], active && styles.entryActive)}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

export const CatalogMenu = memo(function CatalogMenu({ filters, ...sections }: Props) {
  return (
    <nav className={styles.menu} aria-label="Catalogue sections">
      <SavedViews filters={filters} />
      <Sections {...sections} />
    </nav>
  );
});

// Memoised: the sections' links change with the address, not with the menu's other props.
const Sections = memo(function Sections({
  current,
  showProducts,
  showTemplates,
  productCategories,
  templateCategories,
}: Omit<Props, 'filters'>) {
  const cur = sectionParam(current);
  return (
    <ul>
      {showProducts && (
        <>
          <li>
            <Entry to={ALL_PRODUCTS} current={cur}>
              <LayoutGrid aria-hidden="true" /> All Products
            </Entry>
          </li>
          {productCategories.map((c) => (
            <li key={c.id}>
              <Entry to={`category-${c.id}`} current={cur} level={1}>
                {c.category}
              </Entry>
              {c.subcategories.length > 0 && (
                <ul>
                  {c.subcategories.map((s) => (
                    <li key={s.id}>
                      <Entry to={`subcategory-${s.id}`} current={cur} level={2}>
                        {s.subcategory}
                      </Entry>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </>
      )}
      {showTemplates && (
        <li className={styles.group}>
          <Entry to="templates" current={cur}>
            <Images aria-hidden="true" /> Templates
          </Entry>
          <ul>
            {templateCategories.map((c) => (
              <li key={c.id}>
                <Entry to={`template-category-${c.id}`} current={cur} level={2}>
                  {c.category}
                </Entry>
              </li>
            ))}
          </ul>
        </li>
      )}
    </ul>
  );
});
