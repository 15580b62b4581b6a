// A delivered version in 3D: the shared mountModel (src/viewer/model.ts) in a React box, as the product
// screen's ModelStage; model-viewer's chunk loads when the review page first shows a model. `children`
// (the pins' hotspots) are rendered into the <model-viewer> element, where its slots place them. The
// poster is the page's own <img> over the box until the model is drawn: it loads with the render that
// chose the model, not after model-viewer's element and its first update (100-190 ms later, measured by
// bench/review), and stays put through the model's first frame, a long task in software WebGL.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { isKeptOffline } from '../../data/device/index.ts';
import { useSyncStatus } from '../../data/index.ts';
import { Callout } from '../../ui/Callout.tsx';
import { useLatest } from '../../ui/use-latest.ts';
import { mountModel, type ModelElement, type ModelOptions } from '../../viewer/model.ts';
import styles from './review.module.css';

type Vec = { x: number; y: number; z: number };

/** The parts of model-viewer the review page uses (pins and the camera). */
export type ReviewModelElement = ModelElement & {
  loaded: boolean;
  cameraTarget: string;
  cameraOrbit: string;
  fieldOfView: string;
  positionAndNormalFromPoint(clientX: number, clientY: number): { position: Vec; normal: Vec } | null;
  getCameraOrbit(): { theta: number; phi: number; radius: number };
  getCameraTarget(): Vec;
  /** Degrees, vertical. */
  getFieldOfView(): number;
  getIdealAspect(): number;
  jumpCameraToGoal(): void;
};

interface Props extends Pick<ModelOptions, 'glb' | 'usdz' | 'poster' | 'alt'> {
  children?: ReactNode;
  /** The element once on the page (null when it goes). */
  onElement?: (el: ReviewModelElement | null) => void;
}

/** Offline, is this model on the device (opened once online)? Undefined while asking, and online. */
function useMissingOffline(glb: string): boolean {
  const { online } = useSyncStatus();
  const [kept, setKept] = useState<{ glb: string; kept: boolean }>();
  useEffect(() => {
    if (online) return;
    let live = true;
    void isKeptOffline(glb).then((k) => live && setKept({ glb, kept: k }));
    return () => void (live = false);
  }, [glb, online]);
  return !online && kept?.glb === glb && !kept.kept;
}

export function ModelViewer({ glb, usdz, poster, alt, children, onElement }: Props) {
  const missing = useMissingOffline(glb);
  const host = useRef<HTMLDivElement>(null);
  const [el, setEl] = useState<ReviewModelElement | null>(null);
  /** The model whose first frame is drawn: its poster can go. */
  const [drawn, setDrawn] = useState<string>();
  const report = useLatest(onElement);
  useEffect(() => {
    // A reviewer knows to turn the model: no wiggling invitation (it would also keep the page drawing).
    const m = mountModel(host.current!, { glb, usdz, poster, alt, prompt: false });
    let live = true;
    const shown = (e: Event) => (e as CustomEvent<{ visible: boolean }>).detail.visible && setDrawn(glb);
    m.ready.then(
      (mv) => {
        if (!live) return;
        // A click drops a pin there: model-viewer's tap-to-recenter would turn the pin away from its comment box.
        mv.setAttribute('disable-tap', '');
        mv.addEventListener('model-visibility', shown);
        setEl(mv as ReviewModelElement);
        report()?.(mv as ReviewModelElement);
      },
      () => undefined,
    );
    return () => {
      live = false;
      setEl(null);
      report()?.(null);
      m.destroy();
    };
  }, [glb, usdz, poster, alt, report]);
  return (
    <>
      {missing && (
        <Callout tone="neutral" role="status">
          This model was not kept on this device: it shows once you are back online.
        </Callout>
      )}
      <div className={styles.viewerFrame}>
        <div ref={host} className={styles.viewer} data-testid="review-viewer">
          {el && children ? createPortal(children, el) : null}
        </div>
        {poster && drawn !== glb && <img src={poster} alt="" className={styles.poster} fetchPriority="high" />}
      </div>
    </>
  );
}
