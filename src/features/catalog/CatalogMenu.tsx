// The catalogue's left menu (document 2 §2.2): All Products, product categories with their
// subcategories, and a Templates group with the template categories; each entry is a `section`.
import { Link, useLocation } from 'react-router-dom';
import type { ProductCategoryRow, TemplateCategoryRow } from '../../data/index.ts';
import { ALL_PRODUCTS, type Section, sectionParam } from './catalog-rules.ts';

interface Props {
  current: Section;
  showProducts: boolean;
  showTemplates: boolean;
  productCategories: ProductCategoryRow[];
  templateCategories: TemplateCategoryRow[];
}

function Entry({ to, current, children }: { to: string; current: string; children: React.ReactNode }) {
  const active = to === current;
  // The filters in the URL stay when the section changes.
  const params = new URLSearchParams(useLocation().search);
  params.set('section', to);
  return (
    <Link to={`?${params}`} className={`cat-link ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function CatalogMenu({ current, showProducts, showTemplates, productCategories, templateCategories }: Props) {
  const cur = sectionParam(current);
  return (
    <nav className="catalog-menu" aria-label="Catalogue sections">
      <ul>
        {showProducts && (
          <>
            <li>
              <Entry to={ALL_PRODUCTS} current={cur}>
                All Products
              </Entry>
            </li>
            {productCategories.map((c) => (
              <li key={c.id}>
                <Entry to={`category-${c.id}`} current={cur}>
                  {c.category}
                </Entry>
                {c.subcategories.length > 0 && (
                  <ul>
                    {c.subcategories.map((s) => (
                      <li key={s.id}>
                        <Entry to={`subcategory-${s.id}`} current={cur}>
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
          <li className="cat-group">
            <Entry to="templates" current={cur}>
              Templates
            </Entry>
            <ul>
              {templateCategories.map((c) => (
                <li key={c.id}>
                  <Entry to={`template-category-${c.id}`} current={cur}>
                    {c.category}
                  </Entry>
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
