import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

type PromptFieldProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter (without Shift, outside IME composition) asks to submit. */
  onSubmit: () => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
};

export const PROMPT_MAX_LENGTH = 2000;

/** The prompt textarea of both media pages: Enter submits, Shift+Enter adds a line. */
export function PromptField({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  textareaRef,
}: PromptFieldProps) {
  const { t } = useTranslation('media');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={textareaRef}
        id={id}
        className="textarea media-prompt"
        rows={4}
        maxLength={PROMPT_MAX_LENGTH}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          onSubmit();
        }}
      />
      <p id={`${id}-hint`} className="media-hint">
        {t('enterHint')}
      </p>
    </div>
  );
}
