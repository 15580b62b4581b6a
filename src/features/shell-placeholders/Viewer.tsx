import { Heading } from './Heading.tsx';

export default function Viewer() {
  return <Heading title="3D Viewer" />;
}
