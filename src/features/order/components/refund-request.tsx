import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import {
  decideRequest,
  REQUEST_KINDS,
  REQUEST_REASONS,
  type RequestKind,
  type RequestReason,
} from '#domain/refund-policy';
import { paths } from '#domain/paths';
import { formatLongDate } from '../../../lib/i18n/format';
import { useServices } from '../../../lib/services';
import { fetchRequestState, sendRequest, type BuyerRequestState } from '../lib/request-api';

type RefundRequestProps = { orderId: string; token: string };

/**
 * A paid order's "Refund or a new eSIM" (issue #41): the request's state and the answer when
 * there is one; otherwise (or after a refusal or a replacement) a form that says, before it is
 * sent, what the refund policy answers for the chosen reason and the eSIM's state.
 */
export function RefundRequest({ orderId, token }: RefundRequestProps) {
  const { t } = useTranslation('delivery');
  const { apiUrl } = useServices();
  const [state, setState] = useState<BuyerRequestState | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchRequestState(apiUrl, orderId, token, signal).then(
        (answer) => {
          setState(answer);
          setFailed(false);
        },
        () => {
          if (!signal?.aborted) setFailed(true);
        },
      ),
    [apiUrl, orderId, token],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (!state) {
    return failed ? (
      <p className="alert alert--warning" role="alert">
        {t('request.loadFailed')}
      </p>
    ) : null;
  }
  const request = state.request;
  const open = request?.state === 'open';
  const canAsk = !request || request.state === 'refused' || request.state === 'replaced';
  return (
    <section className="refund-request" aria-labelledby="refund-request-title">
      <h2 id="refund-request-title">{t('request.title')}</h2>
      {request && <RequestAnswer request={request} />}
      {open && (
        <p className="refund-request__waiting" data-testid="request-waiting">
          {t('request.waiting')}
        </p>
      )}
      {canAsk &&
        (asking ? (
          <RequestForm
            state={state}
            onSend={async (body) => {
              const answer = await sendRequest(apiUrl, orderId, token, body);
              setState(answer);
              setAsking(false);
            }}
            onCancel={() => setAsking(false)}
          />
        ) : (
          <p>
            <button
              type="button"
              className="button"
              onClick={() => setAsking(true)}
              data-testid="request-open"
            >
              {t('request.open')}
            </button>
          </p>
        ))}
    </section>
  );
}

function RequestAnswer({ request }: { request: NonNullable<BuyerRequestState['request']> }) {
  const { t, i18n } = useTranslation('delivery');
  const refund = request.refund;
  const summary = t('request.summary', {
    kind: t(`request.kinds.${request.kind}`),
    reason: t(`request.reasons.${request.reason}`),
  });
  if (request.state === 'open') {
    return (
      <p className="refund-request__summary">
        {summary}
        {refund?.state === 'failed' || refund?.state === 'pending'
          ? ` ${t('request.refunding')}`
          : ''}
      </p>
    );
  }
  return (
    <div
      className={`alert ${request.state === 'refused' ? 'alert--warning' : 'alert--success'}`}
      role="status"
      data-testid="request-answer"
    >
      <p>{summary}</p>
      <p>
        <strong>{t(`request.answers.${request.state}`)}</strong>
      </p>
      {request.state === 'refunded' && refund && (
        <p>
          {t(`request.refundMethods.${refund.method}`)}
          {refund.bankReference && (
            <>
              {' '}
              {t('request.bankReference')}{' '}
              <span data-testid="refund-reference">{refund.bankReference}</span>
            </>
          )}
          {refund.doneAt && <> ({formatLongDate(new Date(refund.doneAt), i18n.language)})</>}
        </p>
      )}
      {request.staffReason && <p>{t('request.staffReason', { reason: request.staffReason })}</p>}
    </div>
  );
}

type RequestFormProps = {
  state: BuyerRequestState;
  onSend: (body: {
    kind: RequestKind;
    reason: RequestReason;
    note?: string;
    email?: string;
  }) => Promise<void>;
  onCancel: () => void;
};

function RequestForm({ state, onSend, onCancel }: RequestFormProps) {
  const { t, i18n } = useTranslation('delivery');
  const id = useId();
  const [kind, setKind] = useState<RequestKind>('refund');
  const [reason, setReason] = useState<RequestReason | ''>('');
  const [note, setNote] = useState('');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The policy's day is counted from when the form was opened.
  const [now] = useState(() => Date.now());
  // The policy's answer for what is chosen, before sending (the same rule the server applies).
  const answer = reason
    ? decideRequest({
        kind,
        reason,
        standing: state.standing,
        paidAt: state.paidAt,
        now,
      })
    : null;
  const until = (lastDay: number | null) =>
    lastDay === null
      ? ''
      : ` ${t('request.policy.until', { date: formatLongDate(new Date(lastDay), i18n.language) })}`;
  const policyText = !answer
    ? null
    : answer.outcome === 'refuse'
      ? t(`request.policy.refuse.${answer.why}`)
      : `${t(`request.policy.${answer.outcome}`)}${until(answer.lastDay)}`;

  return (
    <form
      className="refund-request__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setError(t('request.chooseReason'));
          return;
        }
        setSending(true);
        setError(null);
        onSend({
          kind,
          reason,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(email.trim() ? { email: email.trim() } : {}),
        })
          .catch((problem: unknown) => {
            const code = (problem as { code?: string }).code;
            setError(
              code === 'request_open'
                ? t('request.errors.open')
                : code === 'validation_failed'
                  ? t('request.errors.invalid')
                  : t('request.errors.failed'),
            );
          })
          .finally(() => setSending(false));
      }}
    >
      <fieldset className="refund-request__kinds">
        <legend>{t('request.kindLabel')}</legend>
        {REQUEST_KINDS.map((value) => (
          <label key={value} className="refund-request__choice">
            <input
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />{' '}
            {t(`request.kinds.${value}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-reason`}>{t('request.reasonLabel')}</label>
      <select
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value as RequestReason)}
        data-testid="request-reason"
      >
        <option value="">{t('request.choose')}</option>
        {REQUEST_REASONS.map((value) => (
          <option key={value} value={value}>
            {t(`request.reasons.${value}`)}
          </option>
        ))}
      </select>
      {policyText && (
        <p
          className={`alert ${answer?.outcome === 'refuse' ? 'alert--warning' : ''}`}
          data-testid="request-policy"
        >
          {policyText} <NavLink to={paths.refund}>{t('request.policyLink')}</NavLink>
        </p>
      )}
      <label htmlFor={`${id}-note`}>{t('request.noteLabel')}</label>
      <textarea
        id={`${id}-note`}
        value={note}
        maxLength={500}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
      />
      <label htmlFor={`${id}-email`}>{t('request.emailLabel')}</label>
      <input
        id={`${id}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <p className="refund-request__hint">{t('request.emailHint')}</p>
      {error && (
        <p className="alert alert--danger" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={sending}
          data-testid="request-send"
        >
          {t('request.send')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('request.cancel')}
        </button>
      </div>
    </form>
  );
}
