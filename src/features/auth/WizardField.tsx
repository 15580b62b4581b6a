// One field of a wizard step: a text, the description, an image (logo, picture) or the terms box, each
// with its error under it (the step's check, or the server's refusal).
import { NEW_PASSWORD_HINT } from '../../api/contract/rules/auth.ts';
import { acceptOf, UPLOAD_LIMIT_MB } from '../../api/contract/rules/files.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import type { WizardField as Field } from './register.ts';
import { TermsLabel } from './TermsLabel.tsx';

// The logo and the picture are the registration calls' 'image' files (the contract's upload rules):
// judged by their content when picked, each refused one named with its reason.
const IMAGE_ACCEPT = acceptOf('image');
const checkImage = uploadCheck('image');

interface Props {
  field: Field;
  value: string;
  file: File | undefined;
  error: string | undefined;
  /** A text typed, or the terms box: '1' ticked, '' not. */
  onValue: (value: string) => void;
  onFile: (file: File | undefined) => void;
}

export function WizardField({ field: f, value, file, error, onValue, onFile }: Props) {
  const id = `reg-${f.name}`;
  if (f.type === 'terms') {
    return (
      <div>
        <Checkbox
          id={id}
          checked={value === '1'}
          onCheckedChange={(on) => onValue(on ? '1' : '')}
          aria-describedby={error ? `${id}-error` : undefined}
          label={<TermsLabel />}
        />
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </div>
    );
  }
  if (f.type === 'file') {
    return (
      <FileDrop
        label={f.label}
        accept={IMAGE_ACCEPT}
        acceptLabel={`PNG or JPEG, up to ${UPLOAD_LIMIT_MB} MB`}
        check={checkImage}
        files={file ? [file] : []}
        error={error}
        onPick={(ok) => ok[0] && onFile(ok[0])}
        onRemove={() => onFile(undefined)}
      />
    );
  }
  const text = {
    id,
    name: f.name,
    autoComplete: f.autoComplete,
    value,
    error,
    onChange: (e: { target: { value: string } }) => onValue(e.target.value),
  };
  if (f.type === 'textarea') return <TextArea label={f.label} rows={4} {...text} />;
  return (
    <TextField
      label={f.label}
      type={f.type ?? 'text'}
      size="lg"
      hint={f.name === 'password' ? NEW_PASSWORD_HINT : undefined}
      {...text}
    />
  );
}
