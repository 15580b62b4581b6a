import { Heading } from './Heading.tsx';

export default function Dashboard() {
  return <Heading title="Dashboard" />;
}
