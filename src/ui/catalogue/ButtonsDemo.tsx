import { Download, Pencil, Plus, Trash2, MoreHorizontal, X } from 'lucide-react';
import { Button, type ButtonVariant } from '../Button.tsx';
import { IconButton } from '../IconButton.tsx';
import { Row, Section } from './Section.tsx';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'danger', 'ghost'];

export function ButtonsDemo() {
  return (
    <Section
      id="buttons"
      title="Button and IconButton"
      description="One primary action per view. Hover, focus (Tab) and press them."
    >
      {VARIANTS.map((v) => (
        <Row key={v} label={v}>
          <Button variant={v} icon={v === 'danger' ? <Trash2 /> : <Plus />}>
            {v === 'danger' ? 'Delete product' : 'Add product'}
          </Button>
          <Button variant={v}>Default</Button>
          <Button variant={v} disabled>
            Disabled
          </Button>
          <Button variant={v} loading>
            Saving
          </Button>
        </Row>
      ))}
      <Row label="Sizes">
        <Button size="sm" variant="primary">
          Small 28
        </Button>
        <Button size="md" variant="primary">
          Medium 32
        </Button>
        <Button size="lg" variant="primary">
          Large 36
        </Button>
        <Button size="md" icon={<Download />}>
          Download
        </Button>
      </Row>
      <Row label="IconButton">
        <IconButton label="Edit" icon={<Pencil />} />
        <IconButton label="More actions" icon={<MoreHorizontal />} variant="secondary" />
        <IconButton label="Delete" icon={<Trash2 />} variant="danger" />
        <IconButton label="Close" icon={<X />} size="sm" />
        <IconButton label="Disabled action" icon={<Pencil />} disabled />
      </Row>
    </Section>
  );
}
