import { Heading } from './Heading.tsx';

export default function Settings() {
  return <Heading title="Settings" />;
}
