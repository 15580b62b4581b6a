import { useState } from 'react';
import { Grid2x2, Grid3x3, Square } from 'lucide-react';
import { Checkbox, Switch } from '../Checkbox.tsx';
import { ColorPicker } from '../ColorPicker.tsx';
import { RadioGroup, SegmentedControl } from '../RadioGroup.tsx';
import { Slider } from '../Slider.tsx';
import { Row, Section } from './Section.tsx';

export function ChoicesDemo() {
  const [checked, setChecked] = useState(true);
  const [on, setOn] = useState(false);
  const [size, setSize] = useState<'small' | 'medium' | 'big'>('medium');
  const [unit, setUnit] = useState<'in' | 'cm'>('cm');
  const [scale, setScale] = useState([0.2]);
  const [range, setRange] = useState([20, 80]);
  const [colour, setColour] = useState('#0897b4');
  return (
    <Section id="choices" title="Checkbox, Switch, RadioGroup, SegmentedControl, Slider, ColorPicker">
      <Row label="Checkbox">
        <Checkbox label="Mirrors" checked={checked} onCheckedChange={setChecked} />
        <Checkbox label="Unchecked" checked={false} onCheckedChange={() => undefined} />
        <Checkbox label="Some chosen" checked="indeterminate" onCheckedChange={() => undefined} />
        <Checkbox label="Disabled" checked disabled onCheckedChange={() => undefined} />
      </Row>
      <Row label="Switch">
        <Switch
          label="Automation"
          description="Send this product to the automation system."
          checked={on}
          onCheckedChange={setOn}
        />
        <Switch label="Locked" checked disabled onCheckedChange={() => undefined} />
      </Row>
      <Row label="RadioGroup">
        <RadioGroup
          label="Unit"
          value={unit}
          onValueChange={setUnit}
          options={[
            { value: 'in', label: 'Inches', description: 'The default unit.' },
            { value: 'cm', label: 'Centimetres' },
          ]}
        />
        <RadioGroup
          label="Disabled"
          value="a"
          onValueChange={() => undefined}
          disabled
          orientation="horizontal"
          options={[
            { value: 'a', label: 'One' },
            { value: 'b', label: 'Two' },
          ]}
        />
      </Row>
      <Row label="Segmented">
        <SegmentedControl
          label="Thumbnail size"
          value={size}
          onValueChange={setSize}
          options={[
            { value: 'small', label: 'Small', icon: <Grid3x3 /> },
            { value: 'medium', label: 'Medium', icon: <Grid2x2 /> },
            { value: 'big', label: 'Big', icon: <Square /> },
          ]}
        />
        <SegmentedControl
          label="Small size"
          size="sm"
          value="a"
          onValueChange={() => undefined}
          options={[
            { value: 'a', label: 'Grid' },
            { value: 'b', label: 'List' },
          ]}
        />
      </Row>
      <Row label="Slider" wide>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 24 }}>
          <Slider
            label="Image scale"
            value={scale}
            onValueChange={setScale}
            min={-1}
            max={1}
            step={0.01}
            format={(v) => `${Math.round(100 * (1 + Math.max(0, v)))} %`}
          />
          <Slider label="Opacity range" value={range} onValueChange={setRange} format={(v) => `${v} %`} />
          <Slider label="Disabled" value={[40]} onValueChange={() => undefined} disabled />
        </div>
      </Row>
      <Row label="ColorPicker" wide>
        <ColorPicker
          label="Background colour"
          value={colour}
          onValueChange={setColour}
          swatches={[
            'none',
            '#ffffff',
            '#bababa',
            '#414141',
            '#000000',
            '#b4cf66',
            '#ffec5c',
            '#0897b4',
            '#f3d3b5',
            '#f0941f',
            '#ef6024',
            '#6df2ff',
            '#872626',
            '#efd806',
            '#c4eef2',
            '#a67458',
          ]}
        />
        <ColorPicker
          label="Disabled"
          value="#ffffff"
          onValueChange={() => undefined}
          swatches={['none', '#ffffff', '#000000']}
          disabled
        />
      </Row>
    </Section>
  );
}
