import { Heading } from './Heading.tsx';

export default function Profile() {
  return <Heading title="Achievements" />;
}
