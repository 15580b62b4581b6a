import { Heading } from './Heading.tsx';

export default function ProductDetail() {
  return <Heading title="Product" />;
}
