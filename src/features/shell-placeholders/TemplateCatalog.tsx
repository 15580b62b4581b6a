import { Heading } from './Heading.tsx';

export default function TemplateCatalog() {
  return <Heading title="Template Catalog" />;
}
