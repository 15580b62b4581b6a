// /dev/ui: every component of src/ui in its states (development, and the e2e build that runs axe on it).
import { lazy, Suspense, useEffect } from 'react';
import { OfflineBanner } from '../../app/OfflineBanner.tsx';
import { Logo } from '../Logo.tsx';
import { ButtonsDemo } from './ButtonsDemo.tsx';
import { ChoicesDemo } from './ChoicesDemo.tsx';
import { DataDemo } from './DataDemo.tsx';
import { DisplayDemo } from './DisplayDemo.tsx';
import { FormsDemo } from './FormsDemo.tsx';
import { OverlaysDemo } from './OverlaysDemo.tsx';
import { Row, Section } from './Section.tsx';
import { TokensDemo } from './TokensDemo.tsx';
import styles from './Catalogue.module.css';

const Toaster = lazy(() => import('../Toaster.tsx'));
const SECTIONS = [
  ['tokens', 'Tokens'],
  ['buttons', 'Buttons'],
  ['forms', 'Text fields'],
  ['choices', 'Choices and sliders'],
  ['overlays', 'Overlays and toasts'],
  ['display', 'Display'],
  ['data', 'Table and files'],
  ['shell', 'Shell parts'],
] as const;

export default function DevCatalogue() {
  useEffect(() => {
    document.title = 'Facet | Components';
  }, []);
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="Catalogue sections">
        <Logo size={24} />
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>
        <h1>Components</h1>
        <TokensDemo />
        <ButtonsDemo />
        <FormsDemo />
        <ChoicesDemo />
        <OverlaysDemo />
        <DisplayDemo />
        <DataDemo />
        <Section id="shell" title="Shell parts">
          <Row label="Offline banner" wide>
            <OfflineBanner online={false} />
          </Row>
        </Section>
      </main>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
