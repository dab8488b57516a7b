import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import type { GeneratedImageView } from '../hooks/use-image-generation';
import { formatLabel } from '../lib/media-files';

/** The generated image inline, with its format and a download button; focus moves to it. */
export function ImageResult({ image }: { image: GeneratedImageView }) {
  const { t } = useTranslation('media');
  const headingId = useId();
  const heading = useFocusOnArrival<HTMLHeadingElement>();

  return (
    <section className="card media-result" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('image.resultTitle')}
      </h2>
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
    </section>
  );
}
