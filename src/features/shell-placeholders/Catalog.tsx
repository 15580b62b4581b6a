import { Heading } from './Heading.tsx';

export default function Catalog() {
  return <Heading title="Product Catalog" />;
}
