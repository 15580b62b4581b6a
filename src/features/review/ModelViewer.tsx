// A delivered version in 3D: the shared mountModel (src/viewer/model.ts) in a React box, as the product
// screen's ModelStage; model-viewer's chunk loads when the review page first shows a model.
import { useEffect, useRef } from 'react';
import { mountModel, type ModelOptions } from '../../viewer/model.ts';
import styles from './review.module.css';

export function ModelViewer({ glb, usdz, poster, alt }: Pick<ModelOptions, 'glb' | 'usdz' | 'poster' | 'alt'>) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A reviewer knows to turn the model: no wiggling invitation (it would also keep the page drawing).
    const m = mountModel(host.current!, { glb, usdz, poster, alt, prompt: false });
    m.ready.catch(() => undefined);
    return m.destroy;
  }, [glb, usdz, poster, alt]);
  return <div ref={host} className={styles.viewer} data-testid="review-viewer" />;
}
