// The model on the product screen: the shared mountModel (src/viewer/model.ts) in a React box.
// model-viewer's chunk is imported when this mounts (the section opened), never before.
import { useEffect, useRef } from 'react';
import { mountModel, type ModelOptions } from '../../../viewer/model.ts';
import styles from './viewer.module.css';

export function ModelStage({ glb, usdz, poster, alt, lazy }: Pick<ModelOptions, 'glb' | 'usdz' | 'poster' | 'alt' | 'lazy'>) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const m = mountModel(host.current!, { glb, usdz, poster, alt, lazy });
    m.ready.catch(() => undefined);
    return m.destroy;
  }, [glb, usdz, poster, alt, lazy]);
  return <div ref={host} className={styles.stage} data-testid="viewer-stage" />;
}
