// A message inside a form or a panel (not a toast): a form's error, a success, an offline notice.
// `role` makes it announced: 'alert' for an error the user must see now, 'status' for progress or success.
import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './Callout.module.css';

export type CalloutTone = 'danger' | 'success' | 'warning' | 'info' | 'neutral';

const ICONS: Record<CalloutTone, ReactNode> = {
  danger: <CircleAlert />,
  success: <CircleCheck />,
  warning: <TriangleAlert />,
  info: <Info />,
  neutral: <Info />,
};

export interface CalloutProps {
  tone?: CalloutTone;
  role?: 'alert' | 'status';
  /** Replace the tone's icon (e.g. a spinner while something is sent). */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  /** For a control that points to it (aria-describedby: why a button is off). */
  id?: string;
}

export function Callout({ tone = 'info', role, icon, children, className, id }: CalloutProps) {
  return (
    <div id={id} className={cx(styles.callout, styles[tone], className)} role={role}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? ICONS[tone]}
      </span>
      <div className={styles.text}>{children}</div>
    </div>
  );
}
