// The version in 3D with its pins as numbered hotspots (model-viewer places each child whose slot starts
// with "hotspot" at its data-position, dimmed when its normal faces away). A click on the surface, not a
// drag that turns the model, asks for a pin there; choosing a pin turns the camera to face it.
import { useEffect, useRef, useState } from 'react';
import type { PinPlace, ReviewPinData } from '../../data/index.ts';
import { PinMarker } from '../../ui/PinMarker.tsx';
import { ModelViewer, type ReviewModelElement } from './ModelViewer.tsx';
import { isTap, markerProps, orbitFacing, pinSlot, toVec3, vecAttr } from './pin-rules.ts';

interface Props {
  glb: string;
  usdz: string | null;
  poster: string | null;
  alt: string;
  pins: readonly ReviewPinData[];
  selected: number | undefined;
  onSelect: (n: number) => void;
  /** Asks for a pin at a point of the surface (undefined: pins cannot be dropped here). */
  onPick?: (place: PinPlace, client: { x: number; y: number }) => void;
  /** The pin being placed, before its comment is saved. */
  draft?: { position: readonly number[]; normal: readonly number[]; number: number; seq: number };
  onElement: (el: ReviewModelElement | null) => void;
}

/** Turns the camera to a pin: it orbits the pin, looking along its normal, at the distance it had. */
function aimAt(el: ReviewModelElement, position: string, normal: readonly number[]) {
  el.cameraTarget = position;
  el.cameraOrbit = orbitFacing(normal, el.getCameraOrbit().radius);
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) el.jumpCameraToGoal();
}

/** Where a click meets the model's surface, as a pin's place; null when it misses the model. */
export function placeAt(el: ReviewModelElement, x: number, y: number): PinPlace | null {
  const hit = el.positionAndNormalFromPoint(x, y);
  return hit ? { target: 'model', position: toVec3(hit.position), normal: toVec3(hit.normal) } : null;
}

export function ModelPins({ glb, usdz, poster, alt, pins, selected, onSelect, onPick, draft, onElement }: Props) {
  const [el, setEl] = useState<ReviewModelElement | null>(null);
  const down = useRef<{ x: number; y: number }>(undefined);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    if (!el) return;
    const press = (e: PointerEvent) => void (down.current = { x: e.clientX, y: e.clientY });
    const click = (e: MouseEvent) => {
      // A hotspot's own click, or a drag that turned the model, is no pin.
      if (e.target !== el || !pick.current || !isTap(down.current, { x: e.clientX, y: e.clientY })) return;
      const place = placeAt(el, e.clientX, e.clientY);
      if (place) pick.current(place, { x: e.clientX, y: e.clientY });
    };
    el.addEventListener('pointerdown', press, true);
    el.addEventListener('click', click);
    return () => {
      el.removeEventListener('pointerdown', press, true);
      el.removeEventListener('click', click);
    };
  }, [el]);

  // The chosen pin (by where it is, so a re-read of the same pin does not turn the camera again).
  const chosen = pins.find((p) => p.number === selected);
  const aim = chosen && JSON.stringify([chosen.position, chosen.normal ?? [0, 1, 0]]);
  useEffect(() => {
    if (!el || !aim) return;
    const [position, normal] = JSON.parse(aim) as [number[], number[]];
    aimAt(el, vecAttr(position), normal);
  }, [el, aim]);

  return (
    <ModelViewer
      glb={glb}
      usdz={usdz}
      poster={poster}
      alt={alt}
      onElement={(x) => {
        setEl(x);
        onElement(x);
      }}
    >
      {pins.map((p) => (
        <PinMarker
          key={p.id}
          slot={pinSlot(p.number)}
          data-position={vecAttr(p.position)}
          data-normal={vecAttr(p.normal ?? [0, 1, 0])}
          {...markerProps(p, selected, onSelect)}
        />
      ))}
      {draft && (
        // A slot of its own per placement: model-viewer reads a hotspot's position only when it is added.
        <PinMarker
          key={`draft-${draft.seq}`}
          slot={pinSlot(`draft-${draft.seq}`)}
          data-position={vecAttr(draft.position)}
          data-normal={vecAttr(draft.normal)}
          number={draft.number}
          label={`New pin ${draft.number}`}
          tabIndex={-1}
          draft
        />
      )}
    </ModelViewer>
  );
}
