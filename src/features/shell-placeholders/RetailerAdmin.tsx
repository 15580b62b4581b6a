import { Heading } from './Heading.tsx';

// Document 1 §2 titles the page 'Manage Accounts'; the menu calls it Retailer, so the heading says both.
export default function RetailerAdmin() {
  return <Heading title="Manage Accounts — Retailers" />;
}
