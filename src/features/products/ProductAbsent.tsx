// What /product/:id shows instead of a product (issue 26): Not found, an offer to switch to the
// company that holds it, or that opening it needs a connection. See product-absence.ts for when.
import { ArrowLeftRight, CloudOff, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { NotFoundContent } from '../../app/NotFound.tsx';
import { chooseCompany } from '../../app/session.tsx';
import { usePageTitle } from '../../app/title.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Layout.tsx';
import type { Absence } from './product-absence.ts';
import styles from './products.module.css';

const toCatalog = (
  <Link to="/catalog" className={buttonClass()}>
    Go to the Product Catalog
  </Link>
);

export function ProductAbsent({ absence, currentName }: { absence: Absence; currentName?: string }) {
  if (absence.kind === 'not-found') return <NotFoundContent />;
  return (
    <Page width="readable" className={styles.absent}>
      <Absent absence={absence} currentName={currentName} />
    </Page>
  );
}

function Absent({ absence, currentName }: { absence: Exclude<Absence, { kind: 'not-found' }>; currentName?: string }) {
  usePageTitle('Product');
  if (absence.kind === 'elsewhere') {
    const { company } = absence;
    return (
      <EmptyState
        icon={<ArrowLeftRight />}
        titleAs="h1"
        title={`This product belongs to ${company.name}`}
        description={`You are working in ${currentName ?? 'another company'}. Switch to ${company.name} to open it.`}
        action={
          <Button variant="primary" onClick={() => chooseCompany(company.id)}>
            Switch to {company.name}
          </Button>
        }
      />
    );
  }
  if (absence.kind === 'needs-connection') {
    return (
      <EmptyState
        icon={<CloudOff />}
        titleAs="h1"
        title="This product is not on this device yet"
        description="Opening it needs a connection. It opens here as soon as you are back online."
        action={toCatalog}
      />
    );
  }
  return (
    <EmptyState
      icon={<TriangleAlert />}
      titleAs="h1"
      title="This product could not be opened"
      description="Something went wrong on our side. Please try again later."
      action={toCatalog}
    />
  );
}
