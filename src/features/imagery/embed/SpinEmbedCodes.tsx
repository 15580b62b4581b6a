// The 360 panel's read-only embed codes (document 3 §2 "360 panel additions"): 24 frames and 48
// frames for a saved preset ('Select Preset' while none is chosen), or, for a selected upload group,
// its uploadimage=1 code (issue 27). A click copies a code and says 'The text has been copied to the
// clipboard'. The address starts with the server's public origin and carries the product's share key.
import { CopyCode } from './CopyCode.tsx';
import { spinEmbedCode, type SpinEmbed } from './embed-code.ts';
import type { ShareKey } from './useShareKey.ts';
import type { ServerRead } from '../use-server-read.ts';
import styles from './embed.module.css';

export const SELECT_PRESET = 'Select Preset';
const FRAME_COUNTS = [24, 48] as const;

interface Props {
  productName: string;
  productId: number;
  shareKey: ServerRead<ShareKey>;
  /** The selected preset once saved; undefined while none is chosen (or it is new and unsaved). */
  presetId: number | undefined;
  /** The selected upload group once uploaded (its photos are the carousel); it wins over a preset. */
  group?: { id: number; name: string };
  /** The spin's picture size, for the embed's aspect-ratio (the 360 layers' size). */
  width?: number;
  height?: number;
}

export function SpinEmbedCodes({ productName, productId, shareKey: key, presetId, group, width, height }: Props) {
  const codeOf = (source: SpinEmbed['source'] | undefined) => {
    // Offline, the key last seen online (kept on the device) still makes the codes.
    const k = key.state === 'ready' || key.state === 'offline' ? key.data : undefined;
    if (!source || !k) return null;
    return spinEmbedCode({ origin: k.origin, productId, productName, shareKey: k.key, source, width, height });
  };
  const waiting = (chosen: boolean) =>
    !chosen
      ? SELECT_PRESET
      : key.state === 'failed'
        ? `Error: ${key.message}`
        : key.state === 'offline'
          ? 'Available when you are back online'
          : 'Loading…';
  if (group) {
    return (
      <CopyCode
        label={`${group.name} (uploaded photos)`}
        testId="embed-uploads"
        code={codeOf({ groupId: group.id })}
        placeholder={waiting(true)}
      />
    );
  }
  return (
    <div className={styles.pair}>
      {FRAME_COUNTS.map((frames) => (
        <CopyCode
          key={frames}
          label={`${frames} frames`}
          testId={`embed-${frames}`}
          code={codeOf(presetId === undefined ? undefined : { presetId, frames })}
          placeholder={waiting(presetId !== undefined)}
        />
      ))}
    </div>
  );
}
