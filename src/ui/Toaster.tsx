// Where toasts appear: bottom right, about 4 s each, at most three at once. Loaded lazily by the shell
// (default export), so sonner stays out of the login page.
import { Toaster as Sonner } from 'sonner';
import styles from './Toaster.module.css';

export default function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      gap={8}
      offset={20}
      closeButton
      toastOptions={{
        unstyled: true,
        classNames: {
          toast: styles.toast,
          title: styles.title,
          description: styles.description,
          icon: styles.icon,
          closeButton: styles.close,
          actionButton: styles.action,
          success: styles.success,
          error: styles.error,
          info: styles.info,
          content: styles.content,
        },
      }}
    />
  );
}
