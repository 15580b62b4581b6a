import { useState } from 'react';
import { CloudOff, PackageSearch, Check } from 'lucide-react';
import { Avatar } from '../Avatar.tsx';
import { PeopleHere } from '../PeopleHere.tsx';
import { Badge } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { Card } from '../Card.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { HScroller } from '../HScroller.tsx';
import { PinMarker, PinNumber } from '../PinMarker.tsx';
import { Img } from '../Img.tsx';
import { ProgressBar } from '../ProgressBar.tsx';
import { Skeleton, SkeletonText } from '../Skeleton.tsx';
import { Tabs } from '../Tabs.tsx';
import { Row, Section } from './Section.tsx';
import styles from './Catalogue.module.css';

const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#f3f4f6"/><rect x="120" y="90" width="160" height="150" rx="14" fill="#9aa8bb"/><rect x="130" y="240" width="16" height="90" fill="#6b7a90"/><rect x="254" y="240" width="16" height="90" fill="#6b7a90"/></svg>')}`;

export function DisplayDemo() {
  const [tab, setTab] = useState<'info' | 'silo' | 'files'>('info');
  return (
    <Section id="display" title="Badge, Avatar, Card, Tabs, Img, Skeleton, EmptyState, ProgressBar, PinMarker">
      <Row label="PinMarker">
        <PinMarker number={1} label="Pin 1: open" />
        <PinMarker number={2} label="Pin 2: chosen" selected />
        <PinMarker number={3} label="Pin 3, resolved" resolved />
        <PinMarker number={4} label="Pin 4, pending" pending />
        <PinMarker number={5} label="New pin 5" draft tabIndex={-1} />
        <PinNumber number={6} />
      </Row>
      <Row label="Badge">
        <Badge>Draft</Badge>
        <Badge tone="accent">Automation</Badge>
        <Badge tone="success" icon={<Check />}>
          Sent
        </Badge>
        <Badge tone="warning" dot>
          3 pending
        </Badge>
        <Badge tone="danger" dot>
          Stopped
        </Badge>
        <Badge tone="info" icon={<CloudOff />}>
          Offline
        </Badge>
      </Row>
      <Row label="Avatar">
        <Avatar name="Maria Manager" size={40} />
        <Avatar name="Viewer" size={32} />
        <Avatar name="Acme Living" size={32} square />
        <Avatar name="Picture" src={PICTURE} size={40} />
        <Avatar name="Broken picture" src="/nothing-here.png" size={40} />
      </Row>
      <Row label="PeopleHere" wide>
        <PeopleHere people={[{ id: 1, name: 'Victor Viewer' }]} />
        <PeopleHere people={['Ann Lee', 'Bo Chen', 'Cy Diaz', 'Di Eze', 'Ed Fox', 'Flo Gil'].map((name, id) => ({ id, name }))} />
      </Row>
      <Row label="Tabs" wide>
        <Tabs
          label="Product sections"
          value={tab}
          onValueChange={setTab}
          tabs={[
            { value: 'info', label: 'Info' },
            { value: 'silo', label: 'Silo Image' },
            { value: 'files', label: '3D Files', count: 4 },
          ]}
        >
          {(active) => <p>The {active} panel.</p>}
        </Tabs>
      </Row>
      <Row label="Img" wide>
        <div className={styles.thumbs}>
          <Img
            className={styles.thumb}
            src={PICTURE}
            alt="Oak Dining Chair"
            placeholder={{ name: 'Oak Dining Chair', caption: 'ACM-1004' }}
          />
          <Img
            className={styles.thumb}
            src="/storage/not-cached.png"
            alt="Cedar Rug"
            placeholder={{ name: 'Cedar Rug', caption: 'ACM-1021' }}
          />
          <Img
            className={styles.thumb}
            src={null}
            alt="Willow Pendant"
            placeholder={{ name: 'Willow Pendant', caption: 'ACM-1033' }}
          />
          <Img className={styles.thumb} src={PICTURE} alt="Layer on a checkerboard" checker placeholder={{ name: 'Layer' }} />
        </div>
      </Row>
      <Row label="Card" wide>
        <div className={styles.grid3}>
          <Card title="Measures" description="In centimetres" actions={<Button size="sm">Edit</Button>}>
            <p className="tabular">92 × 48 × 52 cm</p>
          </Card>
          <Card title="Loading">
            <SkeletonText lines={3} />
          </Card>
          <Card>
            <Skeleton height={120} />
          </Card>
        </div>
      </Row>
      <Row label="EmptyState" wide>
        <Card flush>
          <EmptyState
            icon={<PackageSearch />}
            title="No products match these filters."
            description="Try another name or SKU, or another date range."
            action={<Button>Clear filters</Button>}
          />
        </Card>
      </Row>
      <Row label="ProgressBar" wide>
        <div className={styles.grid3}>
          <ProgressBar label="Uploading" value={35} showLabel />
          <ProgressBar label="Done" value={100} showLabel tone="success" />
          <ProgressBar label="Working" showLabel />
        </div>
      </Row>
      <Row label="HScroller" wide>
        <HScroller label="Rounds" step={200}>
          {Array.from({ length: 10 }, (_, i) => (
            <Card key={i} style={{ flex: '0 0 180px' }}>
              Round {i + 1}
            </Card>
          ))}
        </HScroller>
      </Row>
    </Section>
  );
}
