// A read-only embed code: clicking it (or Copy) copies it and says so (document 3 §2, §8). Without a
// code yet it shows `placeholder` ('Select Preset' in the 360 panel) and copies nothing.
import { useRef } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '../../../ui/Button.tsx';
import { TextArea } from '../../../ui/TextField.tsx';
import { notify } from '../../../ui/notify.tsx';
import { COPIED, copyText } from './copy.ts';
import styles from './embed.module.css';

interface Props {
  label: string;
  code: string | null;
  placeholder: string;
  testId?: string;
}

export function CopyCode({ label, code, placeholder, testId }: Props) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const copy = async () => {
    if (!code) return;
    if (await copyText(code, area.current)) notify.info(COPIED);
    else notify.error('The text could not be copied. Select it and copy it by hand.');
  };
  return (
    <div className={styles.copy} data-testid={testId}>
      <TextArea
        label={label}
        readOnly
        rows={3}
        value={code ?? placeholder}
        aria-disabled={code ? undefined : true}
        ref={area}
        onClick={() => void copy()}
        className={styles.code}
      />
      <Button
        size="sm"
        icon={<Copy />}
        disabled={!code}
        onClick={() => void copy()}
        aria-label={`Copy the ${label.toLowerCase()}`}
      >
        Copy
      </Button>
    </div>
  );
}
