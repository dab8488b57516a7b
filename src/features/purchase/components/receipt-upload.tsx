import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../../lib/i18n/languages';
import { formatBytes } from '../lib/format';
import type { ReceiptSlot } from '../lib/purchase-machine';
import { useObjectUrl } from '../../../hooks/use-object-url';
import './receipt-upload.css';

type ReceiptUploadProps = {
  receipt: ReceiptSlot;
  interrupted: boolean;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
  onSubmit: () => void;
};

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** The receipt by file picker, camera (phones) or drag-and-drop; a preview; Upload and verify. */
export function ReceiptUpload({
  receipt,
  interrupted,
  onFile,
  onRemove,
  onSubmit,
}: ReceiptUploadProps) {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(receipt.image?.blob ?? null);
  const busy = receipt.preparing !== null;

  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  };

  return (
    <section className="purchase-receipt" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('receipt.heading')}</h3>
      <p className="purchase-field-hint">{t('receipt.text')}</p>
      {interrupted && <p className="alert alert--warning">{t('receipt.interrupted')}</p>}
      <div
        className={`purchase-dropzone${dragging ? ' purchase-dropzone--active' : ''}`}
        onDragEnter={(event) => hasFiles(event) && setDragging(true)}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="receipt-dropzone"
      >
        <div className="purchase-dropzone__buttons">
          <input
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="visually-hidden purchase-file-input"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${id}-file`} className="button button--primary">
            {t('receipt.choose')}
          </label>
          <input
            id={`${id}-camera`}
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden purchase-file-input purchase-file-input--camera"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${id}-camera`} className="button purchase-camera-button">
            {t('receipt.camera')}
          </label>
        </div>
        <p className="purchase-dropzone__hint" aria-hidden="true">
          {dragging ? t('receipt.dropActive') : t('receipt.drop')}
        </p>
      </div>

      <div aria-live="polite" className="purchase-receipt__status">
        {busy && (
          <p className="purchase-receipt__preparing">
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('receipt.preparing', { name: receipt.preparing })}
          </p>
        )}
        {receipt.problem && (
          <p
            className={`alert ${receipt.problem === 'notImage' ? 'alert--warning' : 'alert--danger'}`}
          >
            {t(`receipt.${receipt.problem}`)}
          </p>
        )}
        {receipt.image && !busy && (
          <p className="purchase-receipt__ready">
            {t('receipt.ready', {
              name: receipt.image.fileName,
              size: formatBytes(receipt.image.blob.size, language),
            })}
          </p>
        )}
      </div>

      {receipt.image && preview && (
        <figure className="purchase-receipt__preview">
          <img src={preview} alt={t('receipt.previewAlt')} />
          <button type="button" className="button" onClick={onRemove}>
            {t('receipt.remove')}
          </button>
        </figure>
      )}

      <button
        type="button"
        className="button button--primary purchase-submit"
        disabled={!receipt.image || busy}
        onClick={onSubmit}
      >
        {t('receipt.submit')}
      </button>
      <p className="purchase-field-hint">{t('receipt.privacy')}</p>
    </section>
  );
}
