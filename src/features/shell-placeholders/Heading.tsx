// A screen that a later issue fills in: its heading only, so the route and its guard exist now.
import { Page, PageHeader } from '../../ui/Layout.tsx';

export function Heading({ title }: { title: string }) {
  return (
    <Page>
      <PageHeader title={title} />
    </Page>
  );
}
