// The worker program also type-checks the shared modules the service worker imports
// (src/api/token.ts, src/data/outbox.ts). They guard their page-only globals at run time;
// these declarations only let the WebWorker lib accept those guards.
// eslint-disable-next-line no-var -- a global must be declared with var
declare var document: { cookie: string } | undefined;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- names the worker's navigator as the page's
interface Navigator extends WorkerNavigator {}
interface ImportMeta {
  readonly env: { readonly VITE_API_URL?: string };
}
