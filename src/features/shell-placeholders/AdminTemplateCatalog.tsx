import { Heading } from './Heading.tsx';

export default function AdminTemplateCatalog() {
  return <Heading title="Template Catalog" />;
}
