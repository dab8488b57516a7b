import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartImage, StartImageNotice } from '../hooks/use-start-image';

type StartImageFieldProps = {
  image: StartImage | null;
  notice: StartImageNotice | null;
  onSelect: (file: File | undefined) => void;
  onRemove: () => void;
};

/** The optional start image: a file picker for images, a preview and a remove button. */
export function StartImageField({ image, notice, onSelect, onRemove }: StartImageFieldProps) {
  const { t } = useTranslation('media');
  const id = useId();
  return (
    <fieldset className="media-start-image">
      <legend>{t('video.imageLabel')}</legend>
      <p id={`${id}-hint`} className="media-hint">
        {t('video.imageHint')}
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="visually-hidden media-file-input"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onSelect(event.target.files?.[0]);
          // Let the same file be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="button media-file-button">
        {image ? t('video.replaceImage') : t('video.chooseImage')}
      </label>
      <div aria-live="polite">
        {notice && (
          <p className="alert alert--warning media-notice">
            {t(notice.kind === 'not-image' ? 'video.imageIgnored' : 'video.imageTooLarge', {
              name: notice.name,
            })}
          </p>
        )}
      </div>
      {image && (
        <div className="media-preview">
          <img
            className="media-preview__image"
            src={image.previewUrl}
            alt={t('video.previewAlt', { name: image.file.name })}
          />
          <button type="button" className="button" onClick={onRemove}>
            {t('video.removeImage')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
