// A preset's tile picture: the same layout as the preview and the export (layoutFrame), drawn small
// from the layers' thumbnails, so each preset in the list looks like what it makes.
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import type { LayerRow, PresetSection, PresetValues } from '../../data/index.ts';
import { previewStyles } from '../../render/css.ts';
import { hasPictureBackground, layoutFrame } from '../../render/layout.ts';
import { useNaturalSize } from './natural-size.ts';

export function PresetThumb({
  section,
  values,
  layer,
}: {
  section: PresetSection;
  values: PresetValues;
  layer: LayerRow | undefined;
}) {
  const preset = { ...values, section };
  const picture = hasPictureBackground(preset) ? storageUrl(thumbOf(values.background)) : undefined;
  const bgSize = useNaturalSize(picture);
  if (!layer) return null;
  const thumb = (p: string | null) => (p ? { src: storageUrl(thumbOf(p)), width: layer.width, height: layer.height } : undefined);
  const frame = layoutFrame(
    preset,
    {
      beauty: thumb(layer.beauty)!,
      shadow: thumb(layer.shadow),
      reflection: thumb(layer.reflection),
      background: picture && bgSize ? { src: picture, ...bgSize } : undefined,
    },
    { width: layer.width, height: layer.height },
  );
  const { container, items } = previewStyles(frame);
  return (
    <span style={{ ...container, display: 'block', width: '100%', height: '100%' }} aria-hidden="true">
      {items.map((item) =>
        item.src === undefined ? (
          <span key={item.key} style={item.style} />
        ) : (
          <img key={item.key} src={item.src} alt="" style={item.style} loading="lazy" draggable={false} />
        ),
      )}
    </span>
  );
}
