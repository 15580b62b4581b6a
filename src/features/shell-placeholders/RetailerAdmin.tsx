import { Heading } from './Heading.tsx';

export default function RetailerAdmin() {
  return <Heading title="Manage Accounts" />;
}
