import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#domain/email';
import { subscribeToNewsletter } from '../lib/newsletter';

type Outcome = 'idle' | 'sending' | 'subscribed' | 'failed' | 'notOpen';

type NewsletterFormProps = {
  /** Where subscriptions are posted; without one, the box says they are not open yet. */
  endpoint: string | undefined;
};

/** The Stay Updated box: validates the address, then posts it, or says plainly it cannot. */
export function NewsletterForm({ endpoint }: NewsletterFormProps) {
  const { t, i18n } = useTranslation('blog');
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (outcome === 'sending') return;
    if (!isValidEmail(email)) {
      setInvalid(true);
      setOutcome('idle');
      input.current?.focus();
      return;
    }
    setInvalid(false);
    if (!endpoint) {
      setOutcome('notOpen');
      return;
    }
    setOutcome('sending');
    try {
      await subscribeToNewsletter(endpoint, { email, language: i18n.language });
      setOutcome('subscribed');
      setEmail('');
    } catch (error) {
      console.info('Newsletter subscription failed', error);
      setOutcome('failed');
    }
  }

  const message =
    outcome === 'subscribed'
      ? { tone: 'success', text: t('newsletter.success') }
      : outcome === 'failed'
        ? { tone: 'danger', text: t('newsletter.failure') }
        : outcome === 'notOpen'
          ? { tone: 'warning', text: t('newsletter.notOpen') }
          : undefined;

  return (
    <section className="newsletter card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter__title">
        {t('newsletter.title')}
      </h2>
      <p className="newsletter__text">{t('newsletter.text')}</p>
      <form className="newsletter__form" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${id}-email`} className="newsletter__label">
          {t('newsletter.label')}
        </label>
        <div className="newsletter__row">
          <input
            ref={input}
            id={`${id}-email`}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid) setInvalid(false);
            }}
          />
          <button type="submit" className="button button--primary" disabled={outcome === 'sending'}>
            {outcome === 'sending' ? t('newsletter.submitting') : t('newsletter.submit')}
          </button>
        </div>
        {invalid ? (
          <p id={`${id}-error`} className="field-error">
            {t('newsletter.invalid')}
          </p>
        ) : null}
      </form>
      <div role="status" className="newsletter__status">
        {message ? <p className={`alert alert--${message.tone}`}>{message.text}</p> : null}
      </div>
    </section>
  );
}
