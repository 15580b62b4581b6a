// The signed-in user at the foot of the side menu: avatar, name and email. A name too long for the menu
// is cut with an ellipsis and shown whole in a tooltip (never cut without one).
import { useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '../ui/Avatar.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';
import { cx } from '../ui/cx.ts';
import { useMyFace } from './my-face.ts';
import styles from './Shell.module.css';

export function UserBlock({ collapsed }: { collapsed: boolean }) {
  const user = useMyFace();
  const text = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const el = text.current;
    if (!el) return;
    const check = () => setCut([...el.children].some((c) => c.scrollWidth > c.clientWidth + 1));
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [user.name, user.email, collapsed]);
  return (
    <Tooltip content={`${user.name} · ${user.email}`} side="right" enabled={collapsed || cut}>
      <div className={cx(styles.user, collapsed && styles.userCollapsed)} data-testid="menu-user">
        <Avatar name={user.name} src={user.photo} size={28} />
        <span ref={text} className={collapsed ? 'sr-only' : styles.userText}>
          <span className={styles.userName}>{user.name}</span>
          <span className={styles.userEmail}>{user.email}</span>
        </span>
      </div>
    </Tooltip>
  );
}
