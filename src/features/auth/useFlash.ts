// A message that disappears by itself (2 s on login, 5 s on reset, document 1 §9).
import { useCallback, useEffect, useRef, useState } from 'react';

export function useFlash(ms: number): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flash = useCallback(
    (m: string | null) => {
      clearTimeout(timer.current);
      setMessage(m);
      if (m) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, flash];
}
