import { useState } from 'react';
import { Copy, Download, MoreHorizontal, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { AlertDialog } from '../AlertDialog.tsx';
import { AlertPopup } from '../AlertPopup.tsx';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';
import { DropdownMenu } from '../DropdownMenu.tsx';
import { IconButton } from '../IconButton.tsx';
import { notify } from '../notify.tsx';
import { Popover } from '../Popover.tsx';
import { ProgressPopup } from '../ProgressPopup.tsx';
import { TextField } from '../TextField.tsx';
import { Tooltip } from '../Tooltip.tsx';
import { ZoomViewer } from '../ZoomViewer.tsx';
import { Row, Section } from './Section.tsx';

const SAMPLE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#e9edf3"/><rect x="260" y="170" width="280" height="260" rx="24" fill="#8aa0bd"/></svg>')}`;

export function OverlaysDemo() {
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [alert, setAlert] = useState<'progress' | 'done' | null>(null);
  const [progress, setProgress] = useState(false);
  const [zoom, setZoom] = useState(false);
  const runAlert = () => {
    setAlert('progress');
    setTimeout(() => setAlert('done'), 1200);
  };
  return (
    <Section
      id="overlays"
      title="Dialog, AlertDialog, Popover, Tooltip, DropdownMenu, Toast"
      description="Escape closes; focus stays inside and returns to the trigger."
    >
      <Row label="Dialog">
        <Button onClick={() => setDialog(true)}>Open dialog</Button>
        <Button variant="danger" onClick={() => setConfirm(true)}>
          Delete product…
        </Button>
        <Button onClick={runAlert}>Alert popup (Saving → Saved)</Button>
        <Button onClick={() => (setProgress(true), setTimeout(() => setProgress(false), 1500))}>Progress popup</Button>
        <Button onClick={() => setZoom(true)}>Zoom viewer</Button>
      </Row>
      <Row label="Popover">
        <Popover label="Filters" trigger={<Button icon={<SlidersHorizontal />}>Filters</Button>}>
          <TextField label="Collection" placeholder="Nordic" />
        </Popover>
        <Tooltip content="Copies the SKU">
          <Button icon={<Copy />}>Hover or focus for a tooltip</Button>
        </Tooltip>
        <DropdownMenu
          label="Row actions"
          trigger={<IconButton label="More actions" icon={<MoreHorizontal />} variant="secondary" />}
          items={[
            { label: 'Edit', icon: <Pencil />, onSelect: () => undefined },
            { label: 'Download', icon: <Download />, onSelect: () => undefined, hint: 'PNG' },
            { label: 'Archived (disabled)', onSelect: () => undefined, disabled: true },
            { separator: true },
            { label: 'Delete', icon: <Trash2 />, onSelect: () => setConfirm(true), danger: true },
          ]}
        />
      </Row>
      <Row label="Toast">
        <Button onClick={() => notify.saved()}>Saved</Button>
        <Button onClick={() => notify.savedOffline()}>Saved offline</Button>
        <Button onClick={() => notify.error('The file could not be read.')}>Error</Button>
        <Button onClick={() => notify.info('Sending again')}>Info</Button>
      </Row>
      <Dialog
        open={dialog}
        onOpenChange={setDialog}
        title="Edit collection"
        description="Rename the collection of 12 products."
        footer={
          <>
            <Button onClick={() => setDialog(false)}>Cancel</Button>
            <Button variant="primary" onClick={() => setDialog(false)}>
              Save
            </Button>
          </>
        }
      >
        <TextField label="Collection name" defaultValue="Nordic" />
      </Dialog>
      <AlertDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete product?"
        description="ACM-1004 · Oak Dining Chair will be removed from the catalogue with its images and files."
        confirmLabel="Delete product"
        onConfirm={() => setConfirm(false)}
      />
      <AlertPopup
        open={alert !== null}
        title="Saving"
        progress={alert === 'progress' ? 'Saving...' : undefined}
        message="Saved!"
        onConfirm={() => setAlert(null)}
      />
      <ProgressPopup open={progress} percent={66} />
      <ZoomViewer src={zoom ? SAMPLE : null} alt="Sample scene" onClose={() => setZoom(false)} />
    </Section>
  );
}
