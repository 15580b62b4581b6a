// Joins class names, skipping empty ones: cx(styles.button, active && styles.active).
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');
