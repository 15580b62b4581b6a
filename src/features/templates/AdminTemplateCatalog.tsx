// /admin/catalog_template: the staff's template catalogue (cards open /template/{id}).
import { TemplateCatalogPage } from './TemplateCatalogPage.tsx';

export default function AdminTemplateCatalog() {
  return <TemplateCatalogPage admin />;
}
