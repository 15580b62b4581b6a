import { Heading } from './Heading.tsx';

export default function AddProducts() {
  return <Heading title="Add Products" />;
}
