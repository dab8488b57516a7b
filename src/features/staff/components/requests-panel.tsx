import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPlan } from '#domain/catalogue';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { useServices } from '../../../lib/services';
import {
  decideStaffRequest,
  fetchStaffRequests,
  isUnauthorized,
  type StaffRequest,
} from '../lib/staff-api';
import { OrderHistory } from './order-history';

type RequestsPanelProps = { staffKey: string; onUnauthorized: () => void };

/**
 * Refund and replacement requests (issue #41), open first: what the buyer asked and why, what
 * the policy answered, the order's payment method and install state, its history; approve (a
 * refund the way the money came, or a new eSIM) or refuse with a reason.
 */
export function RequestsPanel({ staffKey, onUnauthorized }: RequestsPanelProps) {
  const { t } = useTranslation('staff');
  const { apiUrl } = useServices();
  const [requests, setRequests] = useState<StaffRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<{ id: string; number: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setRequests(await fetchStaffRequests(apiUrl, staffKey));
      setError(null);
    } catch (problem) {
      if (isUnauthorized(problem)) onUnauthorized();
      else setError(problem instanceof Error ? problem.message : String(problem));
    }
  }, [apiUrl, staffKey, onUnauthorized]);

  useEffect(() => {
    const first = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(first);
  }, [load]);

  return (
    <section className="staff-requests" aria-labelledby="staff-requests-title">
      <h2 id="staff-requests-title">{t('requests.title')}</h2>
      <p>{t('requests.lead')}</p>
      {error && (
        <p className="alert alert--danger" role="alert">
          {t('error')} ({error})
        </p>
      )}
      {requests && requests.length === 0 && <p>{t('requests.empty')}</p>}
      <ul className="staff-requests__list">
        {requests?.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            staffKey={staffKey}
            onDone={() => void load()}
            onHistory={() => setHistory(request.order)}
            onUnauthorized={onUnauthorized}
          />
        ))}
      </ul>
      <OrderHistory
        staffKey={staffKey}
        order={history}
        onClose={() => setHistory(null)}
        onUnauthorized={onUnauthorized}
      />
    </section>
  );
}

type RequestCardProps = {
  request: StaffRequest;
  staffKey: string;
  onDone: () => void;
  onHistory: () => void;
  onUnauthorized: () => void;
};

function RequestCard({ request, staffKey, onDone, onHistory, onUnauthorized }: RequestCardProps) {
  const { t, i18n } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = request.state === 'open';
  const refund = request.refund;
  const manual = request.paymentMethod === 'manual';

  const act = async (action: 'approve' | 'refuse' | 'check', body?: Record<string, string>) => {
    setBusy(true);
    setProblem(null);
    try {
      await decideStaffRequest(apiUrl, staffKey, request.id, action, body);
      onDone();
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const price =
    request.order.currency === 'MMK'
      ? t('requests.kyat', { amount: formatNumber(request.order.price, i18n.language) })
      : `${request.order.price} ${request.order.currency}`;
  return (
    <li className="staff-requests__card" data-testid="staff-request">
      <h3>
        {request.order.number} · {t(`requests.states.${request.state}`)}
      </h3>
      <dl className="staff-requests__facts">
        <div>
          <dt>{t('requests.asked')}</dt>
          <dd>
            {t(`requests.kinds.${request.kind}`)} — {t(`requests.reasons.${request.reason}`)}
          </dd>
        </div>
        {request.note && (
          <div>
            <dt>{t('requests.note')}</dt>
            <dd>{request.note}</dd>
          </div>
        )}
        <div>
          <dt>{t('requests.policy')}</dt>
          <dd>{t(`requests.outcomes.${request.policy}`)}</dd>
        </div>
        <div>
          <dt>{t('requests.plan')}</dt>
          <dd>
            {findPlan(request.order.planId)?.name ?? request.order.planId} · {price}
          </dd>
        </div>
        <div>
          <dt>{t('requests.payment')}</dt>
          <dd>{t(`requests.methods.${request.paymentMethod}`)}</dd>
        </div>
        <div>
          <dt>{t('requests.install')}</dt>
          <dd>
            {t(`requests.standings.${request.standing}`)}
            {request.installState ? ` (${request.installState})` : ` (${t('requests.noProgress')})`}
          </dd>
        </div>
        <div>
          <dt>{t('requests.at')}</dt>
          <dd>{formatDateTime(new Date(request.createdAt), i18n.language)}</dd>
        </div>
        {refund && (
          <div>
            <dt>{t('requests.refund')}</dt>
            <dd data-testid="staff-refund">
              {t(`requests.refundStates.${refund.state}`)}
              {refund.bankReference ? ` · ${refund.bankReference}` : ''}
              {refund.providerStatus ? ` · ${refund.providerStatus}` : ''}
              {refund.providerReason ? ` · ${refund.providerReason}` : ''}
            </dd>
          </div>
        )}
        {request.staffReason && (
          <div>
            <dt>{t('requests.reason')}</dt>
            <dd>{request.staffReason}</dd>
          </div>
        )}
      </dl>
      <p>
        <button type="button" className="button" onClick={onHistory}>
          {t('history.open')}
        </button>
      </p>
      {open && refund?.state === 'pending' && (
        <p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act('check')}
          >
            {t('requests.check')}
          </button>
        </p>
      )}
      {open && refund?.state !== 'pending' && (
        <div className="staff-requests__actions">
          {manual && (
            <>
              <label htmlFor={`${id}-reference`}>{t('requests.referenceLabel')}</label>
              <input
                id={`${id}-reference`}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                data-testid="refund-reference-input"
              />
            </>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={busy || (manual && reference.trim().length < 3)}
              onClick={() =>
                void act('approve', {
                  action: 'refund',
                  ...(manual ? { bankReference: reference.trim() } : {}),
                })
              }
              data-testid="approve-refund"
            >
              {t(manual ? 'requests.approveManual' : 'requests.approveProvider')}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || request.standing === 'not_handed'}
              onClick={() => void act('approve', { action: 'replace' })}
              data-testid="approve-replace"
            >
              {t('requests.approveReplace')}
            </button>
          </div>
          <label htmlFor={`${id}-reason`}>{t('requests.refuseLabel')}</label>
          <input
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p>
            <button
              type="button"
              className="button"
              disabled={busy || reason.trim().length < 3}
              onClick={() => void act('refuse', { reason: reason.trim() })}
            >
              {t('requests.refuse')}
            </button>
          </p>
        </div>
      )}
      {problem && (
        <p className="alert alert--danger" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
