// The image of a new template (document 2 §5): JPEG or PNG, the first file only, shown large once chosen;
// checked by the contract's upload rules (the template call's 'image' file) before it joins the form.
import { X } from 'lucide-react';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Img } from '../../ui/Img.tsx';
import { useObjectUrls } from '../batch/object-url.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { IMAGE_ACCEPT } from './template-rules.ts';

const checkImage = uploadCheck('image');
import styles from './templates.module.css';

interface Props {
  file: File | undefined;
  onPick: (accepted: File[], refused: File[]) => void;
  onRemove: () => void;
  error?: string;
}

export function TemplateImagePicker({ file, onPick, onRemove, error }: Props) {
  const [url] = useObjectUrls([file]);
  return (
    <div className={styles.preview}>
      {file && (
        <div className={styles.previewFrame}>
          <Img src={url} alt={file.name} placeholder={{ name: file.name }} className={styles.previewImg} />
          <IconButton
            label="Remove the image"
            icon={<X />}
            size="sm"
            variant="secondary"
            className={styles.previewZoom}
            onClick={onRemove}
          />
        </div>
      )}
      <FileDrop
        label={file ? 'Replace the image' : 'Image'}
        accept={IMAGE_ACCEPT}
        acceptLabel="JPEG or PNG; the first file is used"
        files={[]}
        check={checkImage}
        onPick={onPick}
        error={error}
        hint={file ? file.name : 'The picture customers see in the catalogue.'}
      />
    </div>
  );
}
