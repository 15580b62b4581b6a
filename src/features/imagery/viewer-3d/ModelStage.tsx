// The model on the product screen: the shared mountModel (src/viewer/model.ts) in a React box.
// model-viewer's chunk is imported when this mounts (the section opened), never before. Offline, the
// model shows when this device kept its file (opened once online); otherwise the poster and a line say so.
import { useEffect, useRef, useState } from 'react';
import { isKeptOffline } from '../../../data/device/index.ts';
import { mountModel, type ModelOptions } from '../../../viewer/model.ts';
import styles from './viewer.module.css';

type Props = Pick<ModelOptions, 'glb' | 'usdz' | 'poster' | 'alt' | 'lazy'> & { offline?: boolean };

export function ModelStage({ glb, usdz, poster, alt, lazy, offline = false }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [kept, setKept] = useState<{ glb: string; kept: boolean }>();
  useEffect(() => {
    if (!offline) return;
    let live = true;
    void isKeptOffline(glb).then((k) => live && setKept({ glb, kept: k }));
    return () => {
      live = false;
    };
  }, [offline, glb]);
  const show = !offline || (kept?.glb === glb && kept.kept);
  useEffect(() => {
    if (!show) return;
    const m = mountModel(host.current!, { glb, usdz, poster, alt, lazy });
    m.ready.catch(() => undefined);
    return m.destroy;
  }, [show, glb, usdz, poster, alt, lazy]);
  if (show) return <div ref={host} className={styles.stage} data-testid="viewer-stage" />;
  return (
    <div className={`${styles.stage} ${styles.waiting}`} data-testid="viewer-stage">
      {poster && <img className={styles.poster} src={poster} alt="" />}
      {kept?.glb === glb && <p className={styles.waitingNote}>The 3D model loads when you are back online.</p>}
    </div>
  );
}
