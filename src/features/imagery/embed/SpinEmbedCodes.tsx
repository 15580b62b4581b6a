// The 360 panel's two read-only embed codes, 24 frames and 48 frames (document 3 §2 "360 panel
// additions"): 'Select Preset' while no saved preset is chosen; a click copies the code and says
// 'The text has been copied to the clipboard'. The address carries the product's share key.
import { CopyCode } from './CopyCode.tsx';
import { spinEmbedCode, type SpinEmbed } from './embed-code.ts';
import { useShareKey } from './useShareKey.ts';
import styles from './embed.module.css';

export const SELECT_PRESET = 'Select Preset';
const FRAME_COUNTS = [24, 48] as const;

interface Props {
  productId: number;
  customerId: number;
  productName: string;
  /** The selected preset once saved; undefined while none is chosen (or it is new and unsaved). */
  presetId: number | undefined;
  /** The spin's picture size, for the embed's aspect-ratio (the 360 layers' size). */
  width?: number;
  height?: number;
}

export function SpinEmbedCodes({ productId, customerId, productName, presetId, width, height }: Props) {
  const key = useShareKey(productId, customerId);
  const codeOf = (frames: 24 | 48) => {
    if (presetId === undefined || key.state !== 'ready') return null;
    const embed: SpinEmbed = { origin: location.origin, productId, productName, shareKey: key.data, source: { presetId, frames }, width, height };
    return spinEmbedCode(embed);
  };
  const waiting = presetId === undefined ? SELECT_PRESET : key.state === 'failed' ? `Error: ${key.message}` : key.state === 'offline' ? 'Available when you are back online' : 'Loading…';
  return (
    <div className={styles.pair}>
      {FRAME_COUNTS.map((frames) => (
        <CopyCode key={frames} label={`${frames} frames`} testId={`embed-${frames}`} code={codeOf(frames)} placeholder={waiting} />
      ))}
    </div>
  );
}
