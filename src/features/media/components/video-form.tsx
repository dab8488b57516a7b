import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import type { useStartImage } from '../hooks/use-start-image';
import type { VideoGenerationState } from '../hooks/use-video-generation';
import { PromptField } from './prompt-field';
import { StartImageField } from './start-image-field';

type VideoFormProps = {
  prompt: string;
  onPromptChange: (value: string) => void;
  startImage: ReturnType<typeof useStartImage>;
  outcome: Extract<VideoGenerationState, { screen: 'form' }>['outcome'];
  /** Put focus in the prompt on arrival (after Start over). */
  focusPrompt: boolean;
  onSubmit: () => void;
};

/** Prompt, optional start image and the generate button; shows why it came back, if it did. */
export function VideoForm({
  prompt,
  onPromptChange,
  startImage,
  outcome,
  focusPrompt,
  onSubmit,
}: VideoFormProps) {
  const { t } = useTranslation('media');
  const message = useFocusOnArrival<HTMLDivElement>(outcome !== 'none');
  const textarea = useFocusOnArrival<HTMLTextAreaElement>(outcome === 'none' && focusPrompt);
  const canSubmit = prompt.trim() !== '';

  const submit = () => {
    if (canSubmit) onSubmit();
  };

  return (
    <form
      className="card media-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {outcome === 'budget' && (
        <div ref={message} tabIndex={-1} className="alert alert--warning media-error" role="alert">
          {t('video_budget_spent')}
        </div>
      )}
      {outcome === 'error' && (
        <div ref={message} tabIndex={-1} className="alert alert--danger media-error" role="alert">
          {t('video_gen_error')}
        </div>
      )}
      {outcome === 'cancelled' && (
        <div ref={message} tabIndex={-1} className="alert media-error" role="status">
          {t('video.cancelled')}
        </div>
      )}
      <PromptField
        label={t('video.promptLabel')}
        placeholder={t('video.promptPlaceholder')}
        value={prompt}
        onChange={onPromptChange}
        onSubmit={submit}
        textareaRef={textarea}
      />
      <StartImageField
        image={startImage.image}
        notice={startImage.notice}
        onSelect={startImage.select}
        onRemove={startImage.clear}
      />
      <button type="submit" className="button button--primary" disabled={!canSubmit}>
        {t('video.generate')}
      </button>
    </form>
  );
}
