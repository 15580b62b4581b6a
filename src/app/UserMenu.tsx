// The user menu at the right of the top bar: who is signed in, Settings, Terms of Use, Log out.
import { useNavigate } from 'react-router-dom';
import { FileText, LogOut, Settings } from 'lucide-react';
import { Avatar } from '../ui/Avatar.tsx';
import { DropdownMenu, type MenuItem } from '../ui/DropdownMenu.tsx';
import { useMyFace } from './my-face.ts';
import styles from './Shell.module.css';

export function UserMenu({ admin, onLogout }: { admin: boolean; onLogout: () => void }) {
  const user = useMyFace();
  const navigate = useNavigate();
  const items: MenuItem[] = [
    {
      heading: (
        <span className={styles.menuWho}>
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </span>
      ),
    },
    { separator: true },
    ...(admin ? [] : [{ label: 'Settings', icon: <Settings />, onSelect: () => navigate('/config/user') }]),
    { label: 'Terms of Use', icon: <FileText />, onSelect: () => window.open('/term-of-use', '_blank', 'noopener') },
    { separator: true },
    { label: 'Log out', icon: <LogOut />, onSelect: onLogout },
  ];
  return (
    <DropdownMenu
      label="User menu"
      items={items}
      trigger={
        // Named by the avatar's own text (the user's name), so the visible initials stay part of it (WCAG 2.5.3).
        <button type="button" className={styles.userButton}>
          <Avatar name={user.name} src={user.photo} size={28} />
        </button>
      }
    />
  );
}
