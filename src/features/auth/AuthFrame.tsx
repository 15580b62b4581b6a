// The frame of the signed-out screens (login, reset, registration): the page background (the rotating
// login pictures, or the plain ground), a card with the logo, and a line at the foot of the page.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo.tsx';
import { cx } from '../../ui/cx.ts';
import { LoginBackground } from './Background.tsx';
import styles from './auth.module.css';

export function AuthFrame({ children, pictures, wide }: { children: ReactNode; pictures?: boolean; wide?: boolean }) {
  return (
    <main className={cx(styles.page, pictures && styles.withPictures)}>
      {pictures && <LoginBackground />}
      <div className={cx(styles.card, wide && styles.wide)}>
        <Link to="/login" className={styles.logo} aria-label="Facet, sign in">
          <Logo size={30} />
        </Link>
        {children}
      </div>
      <p className={styles.foot}>
        <a href="/term-of-use" target="_blank" rel="noopener noreferrer">
          Terms of Use and Privacy Policy
        </a>
      </p>
    </main>
  );
}

/** The card's heading and one line under it. */
export function AuthHeading({ id, title, subtitle }: { id?: string; title: string; subtitle?: ReactNode }) {
  return (
    <div className={styles.heading}>
      <h1 id={id}>{title}</h1>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </div>
  );
}
