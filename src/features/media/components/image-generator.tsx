import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageGeneration } from '../hooks/use-image-generation';
import '../media.css';
import { ElapsedTime } from './elapsed-time';
import { ImageResult } from './image-result';
import { PromptField } from './prompt-field';

/** Prompt form, then a loading card, the error card or the image. One image per request. */
export function ImageGenerator() {
  const { t } = useTranslation('media');
  const [prompt, setPrompt] = useState('');
  const { state, generate, busy } = useImageGeneration();
  const canSubmit = prompt.trim() !== '' && !busy;
  const submit = () => {
    if (canSubmit) void generate(prompt);
  };

  return (
    <div className="media">
      <form
        className="card media-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <PromptField
          label={t('image.promptLabel')}
          placeholder={t('image.promptPlaceholder')}
          value={prompt}
          onChange={setPrompt}
          onSubmit={submit}
        />
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {busy ? t('image.generating') : t('image.generate')}
        </button>
      </form>

      <div className="media-outcome" aria-live="polite">
        {state.status === 'generating' && (
          <div className="card media-loading">
            <span className="spinner" aria-hidden="true" />
            <div>
              <p className="media-loading__title">{t('image.loadingTitle')}</p>
              <p className="muted">{t('image.loadingText')}</p>
              <ElapsedTime startedAt={state.startedAt} />
            </div>
          </div>
        )}
        {state.status === 'error' && (
          <div className="alert alert--danger media-error" role="alert">
            {state.budget ? t('image_budget_spent') : t('image_gen_error')}
          </div>
        )}
      </div>
      {state.status === 'result' && <ImageResult key={state.image.url} image={state.image} />}
    </div>
  );
}
