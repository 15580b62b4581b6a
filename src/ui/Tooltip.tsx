// A short label on hover or keyboard focus (Radix Tooltip). Not for anything the user must read to act.
import type { ReactElement, ReactNode } from 'react';
import { Tooltip as T } from 'radix-ui';
import styles from './Overlay.module.css';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link); it keeps its own accessible name. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** false: render the child alone (e.g. the text is not cut off, so no tooltip is needed). */
  enabled?: boolean;
}

export function Tooltip({ content, children, side = 'top', enabled = true }: TooltipProps) {
  if (!enabled) return children;
  return (
    <T.Provider delayDuration={400} skipDelayDuration={200}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content side={side} sideOffset={6} collisionPadding={8} className={styles.tooltip}>
            {content}
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}
