import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '#domain/email';
import { checkContact, contactProblem, suggestEmail } from '#domain/contact';
import './contact-field.css';

type ContactFieldProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  contact: string;
  onEdit: (contact: string) => void;
  /** Whether the buyer has left the field or submitted: only then are messages shown. */
  touched: boolean;
  onTouched: () => void;
  /** The label, when it is not the contact step's "Email or Viber phone number". */
  label?: string;
  /** The hint under the field, when it is not the usual one (a shop that sends no email). */
  hint?: string;
};

/**
 * The contact input with its hint, messages and "did you mean", shared by the contact step and
 * the payment step's "change contact" (decision 052: checked on blur and on submit, never while
 * typing).
 */
export function ContactField(props: ContactFieldProps) {
  const { inputRef, contact, onEdit, touched, onTouched } = props;
  const { t } = useTranslation('purchase');
  const id = useId();
  const check = checkContact(contact);
  const problem = touched ? contactProblem(contact) : null;
  const suggestion = touched ? suggestEmail(contact) : null;
  const normalised = check.valid && check.value !== contact.trim();
  const describedBy = [
    `${id}-hint`,
    problem && `${id}-error`,
    suggestion && `${id}-suggestion`,
  ].filter(Boolean);

  return (
    <div className="field">
      <label htmlFor={`${id}-input`}>{props.label ?? t('contact.label')}</label>
      {/* type=text with the email keyboard: letters, @ and digits on one keyboard (052). */}
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="input purchase-contact__input"
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t('contact.placeholder')}
        value={contact}
        maxLength={EMAIL_MAX_LENGTH}
        aria-invalid={problem !== null}
        aria-describedby={describedBy.join(' ')}
        onChange={(event) => onEdit(event.target.value.slice(0, EMAIL_MAX_LENGTH))}
        onBlur={() => contact.trim() !== '' && onTouched()}
      />
      <p id={`${id}-hint`} className="purchase-field-hint">
        {props.hint ?? t('contact.hint')}
      </p>
      <div aria-live="polite">
        {problem && (
          <div id={`${id}-error`} className="purchase-contact__problem">
            <p className="field-error">
              {problem === 'empty' ? t('contact.empty') : t('esim_enter_contact_error')}
            </p>
            {problem === 'foreignPhone' && (
              <p className="purchase-field-hint purchase-contact__foreign">
                {t('contact.foreignPhone')}
              </p>
            )}
          </div>
        )}
        {suggestion && (
          <p id={`${id}-suggestion`} className="purchase-contact__suggestion">
            <span>{t('contact.didYouMean', { suggestion })}</span>{' '}
            <button
              type="button"
              className="button purchase-contact__apply"
              onClick={() => {
                onEdit(suggestion);
                inputRef.current?.focus();
              }}
            >
              {t('contact.useSuggestion', { suggestion })}
            </button>
          </p>
        )}
      </div>
      {normalised && (
        <p className="purchase-field-hint">{t('contact.normalised', { value: check.value })}</p>
      )}
    </div>
  );
}

/**
 * Whether a submit may go on: a valid contact, and no "did you mean" the buyer has not seen yet
 * (Enter pressed in the field before leaving it). Otherwise the caller marks the field touched.
 */
export const contactReady = (contact: string, touched: boolean) =>
  checkContact(contact).valid && (touched || !suggestEmail(contact));
