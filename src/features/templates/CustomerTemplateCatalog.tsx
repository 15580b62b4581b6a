// /catalog_template: the customers' template catalogue.
import { TemplateCatalogPage } from './TemplateCatalogPage.tsx';

export default function CustomerTemplateCatalog() {
  return <TemplateCatalogPage admin={false} />;
}
