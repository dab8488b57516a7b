import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import { useRequest } from '../../../hooks/use-request';
import { checkContact } from '#domain/contact';
import { isValidEmail } from '#domain/email';
import { viberChatHref } from '../../../config/site';
import { toLanguage } from '../../../lib/i18n/languages';
import { useServices } from '../../../lib/services';
import { requestOrderLinks, type LookupOutcome } from '../lib/lookup-api';
import './find-my-esims.css';

type FindMyEsimsProps = {
  headingLevel?: 2 | 3;
  /** Reached from the menu's "Find my eSIMs" (issue #44): its heading takes focus, in view. */
  focusOnArrival?: boolean;
};

/**
 * Find my eSIMs (issue #24): a returning buyer enters the email they bought with and gets one
 * email with the links of their paid orders. No account; the confirmation is the same whether or
 * not the address is known. Only with the shop's server (nothing to ask in the static shop).
 */
export function FindMyEsims({ headingLevel = 2, focusOnArrival = false }: FindMyEsimsProps) {
  const { t, i18n } = useTranslation('delivery');
  // The heading, not the field: no keyboard springs up over the box on a phone.
  const heading = useFocusOnArrival<HTMLHeadingElement>(focusOnArrival);
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<Exclude<LookupOutcome, 'sent'> | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** A Viber number was entered (issue #44): answered honestly, the link is the buyer's copy. */
  const [viber, setViber] = useState(false);
  const { run, pending } = useRequest<LookupOutcome>();
  const { apiUrl } = useServices();
  if (!apiUrl) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    const check = checkContact(address);
    const phone = check.valid && check.kind === 'phone';
    setViber(phone);
    if (!isValidEmail(address)) {
      setProblem(phone ? null : 'invalid');
      return;
    }
    setProblem(null);
    const outcome = await run((signal) =>
      requestOrderLinks(apiUrl, address, toLanguage(i18n.language), signal),
    );
    if (outcome.status !== 'success') return;
    if (outcome.data === 'sent') setSentTo(address);
    else setProblem(outcome.data);
  };

  return (
    <section className="find-esims" aria-labelledby={`${id}-heading`} id="find-my-esims">
      <Heading id={`${id}-heading`} ref={heading} tabIndex={focusOnArrival ? -1 : undefined}>
        {t('lookup.heading')}
      </Heading>
      {sentTo ? (
        <div className="alert alert--success" role="status" data-testid="lookup-sent">
          <p>{t('lookup.sent', { email: sentTo })}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setSentTo(null);
              setEmail('');
            }}
          >
            {t('lookup.another')}
          </button>
        </div>
      ) : (
        <form className="find-esims__form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="find-esims__text">{t('lookup.text')}</p>
          <label htmlFor={`${id}-email`}>{t('lookup.label')}</label>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={problem === 'invalid' ? true : undefined}
            aria-describedby={problem || viber ? `${id}-problem` : undefined}
          />
          {problem && (
            <p id={`${id}-problem`} className="alert alert--warning" role="alert">
              {t(`lookup.problem.${problem}`)}
            </p>
          )}
          {viber && (
            <div id={`${id}-problem`} className="alert alert--warning" role="alert">
              <p>{t('lookupViber.text')}</p>
              <a className="button" href={viberChatHref()}>
                {t('lookupViber.contact')}
              </a>
            </div>
          )}
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t('lookup.sending') : t('lookup.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
