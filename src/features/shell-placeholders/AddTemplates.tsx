import { Heading } from './Heading.tsx';

export default function AddTemplates() {
  return <Heading title="Add Templates" />;
}
