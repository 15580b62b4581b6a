// The 3D viewer section of /product/{id} (document 3 §2, §4, §5; issue 14): the model (file_glb, and
// file_usdz for iOS), the lazy-load play-button toggle, the one-file thumbnail upload (editors), and
// the iframe code, copied on click. 'No viewer available' without a model.
import { useState } from 'react';
import { Box, CloudOff, ExternalLink } from 'lucide-react';
import { viewerLinks } from '../../../api/viewer.ts';
import { storageUrl } from '../../../api/storage-paths.ts';
import { keptReadKey, type ProductRow } from '../../../data/index.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Callout } from '../../../ui/Callout.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Switch } from '../../../ui/Checkbox.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { CopyCode } from '../embed/CopyCode.tsx';
import { viewerEmbedCode, viewerEmbedUrl } from '../embed/embed-code.ts';
import { RotateShareKey } from '../embed/RotateShareKey.tsx';
import { useShareKey } from '../embed/useShareKey.ts';
import { useKeptServerRead } from '../use-kept-read.ts';
import { ModelStage } from './ModelStage.tsx';
import { ViewerThumbnail } from './ViewerThumbnail.tsx';
import styles from './viewer.module.css';

interface Props {
  product: Pick<ProductRow, 'id' | 'name' | 'sku'>;
  customerId: number;
  canEdit: boolean;
}

export function ViewerSection({ product, customerId, canEdit }: Props) {
  // Kept on the device: offline, what was seen online shows, with when (issue 43).
  const links = useKeptServerRead(
    keptReadKey('viewer-links', customerId, product.id),
    () => viewerLinks(product.id, customerId),
    [product.id, customerId],
  );
  const offline = links.state === 'offline';
  const key = useShareKey(product.id, customerId);
  const [lazy, setLazy] = useState(false);
  const name = product.name || product.sku || `Product ${product.id}`;
  const file = links.data?.file;
  const poster = links.data?.imageLazyLoad ? storageUrl(links.data.imageLazyLoad) : null;
  const shown = key.state === 'ready' || key.state === 'offline' ? key.data : undefined;
  const embed = shown ? { origin: shown.origin, productId: product.id, productName: name, shareKey: shown.key, lazy } : null;

  return (
    <section aria-labelledby="viewer-heading" className={styles.section}>
      <h2 id="viewer-heading">Viewer 3D</h2>
      {!links.data ? (
        links.state === 'loading' ? (
          <Skeleton height={420} />
        ) : links.state === 'offline' ? (
          <EmptyState icon={<CloudOff />} title="The 3D viewer needs a connection. It will load when you are back online." />
        ) : (
          <Callout tone="danger">Error: {links.state === 'failed' ? links.message : ''}</Callout>
        )
      ) : (
        <>
          {offline && links.keptAt !== undefined && (
            <Callout tone="neutral" role="status">
              You are offline: this is the 3D viewer as this device last saw it, {formatDateTime(links.keptAt)}.
            </Callout>
          )}
          <div className={styles.grid}>
            {file?.file_glb ? (
              <ModelStage
                glb={storageUrl(file.file_glb)}
                usdz={file.file_usdz && storageUrl(file.file_usdz)}
                poster={poster}
                alt={`3D model of ${name}`}
                lazy={lazy}
                offline={offline}
              />
            ) : (
              <EmptyState icon={<Box />} title="No viewer available" />
            )}
            <div className={styles.side}>
              {file?.file_glb && (
                <Card title="Lazy loading" headingLevel={3}>
                  <Switch
                    label="Play button"
                    description="Show the thumbnail with a play button; the model loads on click."
                    checked={lazy}
                    onCheckedChange={setLazy}
                  />
                </Card>
              )}
              <ViewerThumbnail
                productId={product.id}
                customerId={customerId}
                label={name}
                current={poster}
                canEdit={canEdit}
                onUploaded={links.reload}
              />
              {file?.file_glb && (
                <Card
                  title="Embed"
                  headingLevel={3}
                  actions={
                    canEdit ? (
                      <RotateShareKey
                        productId={product.id}
                        customerId={customerId}
                        productName={name}
                        current={key.data?.key}
                        onRotated={key.reload}
                      />
                    ) : undefined
                  }
                >
                  <CopyCode
                    label="Iframe code"
                    testId="viewer-embed"
                    code={embed && viewerEmbedCode(embed)}
                    placeholder={
                      key.state === 'failed'
                        ? `Error: ${key.message}`
                        : key.state === 'offline'
                          ? 'Available when you are back online'
                          : 'Loading…'
                    }
                  />
                  {embed && (
                    <a className={buttonClass({ variant: 'link' })} href={viewerEmbedUrl(embed)} target="_blank" rel="noreferrer">
                      Open the viewer page <ExternalLink aria-hidden="true" size={14} />
                    </a>
                  )}
                </Card>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
