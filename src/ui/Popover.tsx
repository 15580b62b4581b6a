// A panel anchored to a trigger (Radix Popover): filters, pickers, small forms. Escape and outside clicks close it.
import type { ReactElement, ReactNode } from 'react';
import { Popover as P } from 'radix-ui';
import { cx } from './cx.ts';
import styles from './Overlay.module.css';

export interface PopoverProps {
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** The panel's accessible name. */
  label?: string;
  className?: string;
}

export function Popover({
  trigger,
  children,
  open,
  onOpenChange,
  align = 'start',
  side = 'bottom',
  label,
  className,
}: PopoverProps) {
  return (
    <P.Root open={open} onOpenChange={onOpenChange}>
      <P.Trigger asChild>{trigger}</P.Trigger>
      <P.Portal>
        <P.Content
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={12}
          aria-label={label}
          className={cx(styles.popover, className)}
        >
          {children}
        </P.Content>
      </P.Portal>
    </P.Root>
  );
}
