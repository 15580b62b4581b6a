// The spin player (src/spin/player.ts, plain DOM) in a React box, for the 360 panel: the uploaded
// photos' carousel and the preview of a preset's rendered frames. Same rules as /iframe/360: drag
// (3 px dead zone, halved, ±10, wraps), keys only while focused, progressive loading.
import { useEffect, useRef } from 'react';
import { framesOfUrls, type PlayerFrame } from '../../../spin/frames.ts';
import { createSpinPlayer } from '../../../spin/player.ts';

interface Props {
  /** Frame addresses in order (the poster first), or prepared frames with their widths. */
  frames: readonly string[] | readonly PlayerFrame[];
  label: string;
  sizes?: string;
  onChange?: (index: number) => void;
  className?: string;
}

export function SpinPlayer({ frames, label, sizes, onChange, className }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);
  // One player per set of frames: a new list (another group or preset) starts a new one.
  const key = frames.map((f) => (typeof f === 'string' ? f : f.src)).join('\n');
  useEffect(() => {
    const list = frames.length && typeof frames[0] === 'string' ? framesOfUrls(frames as readonly string[]) : (frames as readonly PlayerFrame[]);
    if (!list.length) return;
    const player = createSpinPlayer(host.current!, { frames: list, label, sizes, onChange: (i) => change.current?.(i) });
    return () => player.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, label, sizes]);
  return <div ref={host} className={className} data-testid="spin-player" />;
}
