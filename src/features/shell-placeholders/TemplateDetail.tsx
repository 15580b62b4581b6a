import { Heading } from './Heading.tsx';

export default function TemplateDetail() {
  return <Heading title="Template" />;
}
