import { useTranslation } from 'react-i18next';
import type { GeneratedImageView } from '../hooks/use-image-generation';
import { formatLabel } from '../lib/media-files';
import { MediaResult } from './media-result';

/** The generated image inline, with its format and a download button; focus moves to it. */
export function ImageResult({ image }: { image: GeneratedImageView }) {
  const { t } = useTranslation('media');

  return (
    <MediaResult title={t('image.resultTitle')}>
      <figure className="media-figure">
        <img
          className="media-figure__image"
          src={image.url}
          alt={t('image.alt', { prompt: image.prompt })}
        />
        <figcaption className="muted">
          {t('image.format', { format: formatLabel(image.mimeType) })}
        </figcaption>
      </figure>
      <div className="button-row">
        <a className="button button--primary" href={image.url} download={image.fileName}>
          {t('image.download')}
        </a>
      </div>
    </MediaResult>
  );
}
