// The preset panel shared by silo, vignette and 360 (document 3 §2): the ten parts in order (tailor
// request, presets, background, Product Transform, Drop Shadow, Reflection, Saturation, Brightness,
// Images Uploaded, Save), beside the live preview. Lists come from the local mirror; writes go
// through the outbox.
import type { FocusEvent, ReactNode } from 'react';
import { Save, Undo2 } from 'lucide-react';
import type { TailorPage } from '../../api/imagery.ts';
import {
  useSyncStatus,
  useBackgrounds,
  useImageryLoad,
  useImageryOutbox,
  useLayers,
  usePresets,
  useSectionFiles,
  type PresetSection,
  type Who,
} from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { AdjustSettings } from './AdjustSettings.tsx';
import { BackgroundSettings } from './BackgroundSettings.tsx';
import { DownloadAll } from './DownloadAll.tsx';
import { ImageryAlerts } from './ImageryAlerts.tsx';
import { LoadingPopup } from './LoadingPopup.tsx';
import { presetName, PresetList } from './PresetList.tsx';
import { PreviewArea } from './PreviewArea.tsx';
import { RenderPresetsZip } from './RenderPresetsZip.tsx';
import type { Spin360Context } from './Spin360Extras.tsx';
import { TailorRequest } from './TailorRequest.tsx';
import { uploadName, UploadedImages } from './UploadedImages.tsx';
import { usePresetPanel } from './usePresetPanel.ts';
import styles from './imagery.module.css';

const TAILOR: Record<PresetSection, TailorPage> = { silo: 'Silo Image', vignette: 'Vignette', '360': '360 Image' };

export interface PresetPanelProps {
  section: PresetSection;
  title: string;
  who: Who;
  sku: string;
  canEdit: boolean;
  canTailor: boolean;
  /** The extension point under the preview (the 360 panel's player, embed codes and Download Options, issue 14). */
  extras?: (ctx: Spin360Context) => ReactNode;
}

export function PresetPanel({ section, title, who, sku, canEdit, canTailor, extras }: PresetPanelProps) {
  const { productId, customerId } = who;
  const { online } = useSyncStatus();
  const load = useImageryLoad(customerId, productId, section, online);
  const presets = usePresets(productId, section);
  const layers = useLayers(productId, section);
  const uploads = useSectionFiles(productId, section);
  const backgrounds = useBackgrounds(productId);
  const pending = useImageryOutbox(productId);
  const p = usePresetPanel({ section, who, presets, firstBackground: backgrounds?.[0]?.path, canEdit });
  const queued = new Set(pending.flatMap((e) => (e.presetId === undefined ? [] : [e.presetId])));
  const selectedRow = presets?.find((x) => x.id === p.selectedPreset);
  const name = p.selectedPreset === 0 ? 'New preset' : selectedRow ? presetName(selectedRow) : undefined;
  const uploadIndex = p.selection?.kind === 'upload' ? (uploads ?? []).findIndex((f) => f.id === p.selection!.id) : -1;
  const upload =
    uploadIndex >= 0
      ? { file: uploads![uploadIndex]!, name: uploadName(uploads![uploadIndex]!, uploadIndex, section) }
      : undefined;

  return (
    <section className={styles.section} aria-labelledby="section-heading">
      <div className={styles.sectionHead}>
        <h2 id="section-heading">{title}</h2>
      </div>
      <div className={styles.panel}>
        {canTailor && (
          <div className={styles.tailorArea}>
            <TailorRequest page={TAILOR[section]} productId={productId} customerId={customerId} />
          </div>
        )}
        <PreviewArea store={p.store} layers={layers} presetName={name} upload={upload} sku={sku} />
        {extras && (
          // Under the preview and the inspector, so the sticky preview is only the preview (issue 43).
          <div className={styles.extrasArea}>
            {extras({
              productId,
              customerId,
              sku,
              preset: p.row,
              presets: presets ?? [],
              layers: layers ?? [],
              uploads: uploads ?? [],
              upload,
              canEdit,
            })}
          </div>
        )}
        <Card flush className={styles.inspector} onFocus={keepPreviewInView}>
          <PresetList
            section={section}
            presets={presets ?? []}
            layer={layers?.[0]}
            selected={p.selection?.kind === 'preset' ? p.selectedPreset : undefined}
            store={p.store}
            canEdit={canEdit}
            queued={queued}
            onSelect={p.selectPreset}
            onNew={p.startNew}
            onDelete={p.askDelete}
            // Vignette's batch render in the browser (document 3 §4), beside the presets it renders.
            action={
              section === 'vignette' ? <RenderPresetsZip sku={sku} presets={presets ?? []} layer={layers?.[0]} /> : undefined
            }
          />
          <BackgroundSettings store={p.store} presetSelected={p.presetSelected} backgrounds={backgrounds} />
          <AdjustSettings store={p.store} presetSelected={p.presetSelected} />
        </Card>
        <Card flush className={styles.uploadsArea}>
          <UploadedImages
            list={section}
            files={uploads}
            selected={upload?.file.id}
            canEdit={canEdit}
            who={who}
            onSelect={p.selectUpload}
            onQueued={p.report}
            download={
              <DownloadAll
                section={section}
                productId={productId}
                customerId={customerId}
                empty={!uploads?.some((f) => f.paths.length)}
              />
            }
          />
        </Card>
        {p.showSave && (
          <div className={styles.saveArea} role="region" aria-label="Unsaved changes">
            <span className={styles.saveText}>
              <span className={styles.unsavedDot} aria-hidden="true" />
              {p.selectedPreset === 0 ? 'New preset, not saved yet' : `Unsaved changes to ${name ?? 'this preset'}`}
            </span>
            <Button icon={<Undo2 />} onClick={p.revert}>
              {p.selectedPreset === 0 ? 'Discard' : 'Revert'}
            </Button>
            <Button variant="primary" icon={<Save />} loading={p.saving} onClick={p.save}>
              Save
            </Button>
          </div>
        )}
      </div>
      <AlertPopup {...(p.popup ?? { title: '' })} open={p.popup !== null} />
      <ImageryAlerts productId={productId} reported={p.reported} />
      <LoadingPopup load={load} />
    </section>
  );
}

/**
 * A control reached by the keyboard is centred by the browser, which can scroll the preview's row half
 * out of the window: the row (preview and inspector, as high as the window allows) comes back whole.
 */
function keepPreviewInView(e: FocusEvent<HTMLElement>) {
  if (!(e.target instanceof HTMLElement) || !e.target.matches(':focus-visible')) return;
  e.currentTarget.scrollIntoView({ block: 'nearest' });
}
