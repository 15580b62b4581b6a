// A screen that a later issue fills in: its heading only, so the route and its guard exist now.
export function Heading({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
    </section>
  );
}
