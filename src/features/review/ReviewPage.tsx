// A review round (issue 42, stage 1: read-only): /review/:companyId/:roundId. The address names the
// company: one the user does not belong to is Not found, as an unknown page; one of theirs that is
// not the chosen company is chosen (which reloads). Review rounds are for people who see the
// dashboard (the server refuses the others too); the round itself is RoundView's.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LayoutDashboard } from 'lucide-react';
import { NotFoundContent } from '../../app/NotFound.tsx';
import { useAccess } from '../../app/permissions.ts';
import { chooseCompany, useSession } from '../../app/session.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Layout.tsx';
import { RoundSkeleton } from './RoundSkeleton.tsx';
import { RoundView } from './RoundView.tsx';

const DASHBOARD = ['dashboard-access'] as const;

/** The address names another of the user's companies: choose it (the page reloads as that company). */
function SwitchCompany({ id, name }: { id: number; name: string }) {
  useEffect(() => chooseCompany(id), [id]);
  return <RoundSkeleton label={`Opening ${name}…`} />;
}

function NeedsDashboard() {
  return (
    <Page>
      <EmptyState
        icon={<LayoutDashboard />}
        titleAs="h1"
        title="Review rounds are for people who see the dashboard."
        description="Ask a manager of your company for dashboard access to review the studio's models."
        action={
          <Link to="/catalog" className={buttonClass({ variant: 'primary' })}>
            Go to the Catalog
          </Link>
        }
      />
    </Page>
  );
}

function Gate({ cid, roundId }: { cid: number; roundId: number }) {
  const { access, ready } = useAccess(DASHBOARD);
  if (!ready) return <RoundSkeleton label="Loading the round…" />;
  if (!access['dashboard-access']) return <NeedsDashboard />;
  return <RoundView key={`${cid}:${roundId}`} cid={cid} roundId={roundId} />;
}

export default function ReviewPage() {
  const params = useParams();
  const { choices, customerId } = useSession();
  const cid = Number(params.companyId);
  const company = choices.find((c) => c.id === cid);
  if (!company) return <NotFoundContent />;
  if (customerId !== cid) return <SwitchCompany id={cid} name={company.name} />;
  return <Gate cid={cid} roundId={Number(params.roundId)} />;
}
