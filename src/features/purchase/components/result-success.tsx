import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findOperator } from '#domain/catalogue';
import { orderHref, paths } from '#domain/paths';
import { site, viberChatHref } from '../../../config/site';
import { EsimDelivery, InstallChecklist } from '../../../components/esim-install';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import type { WebhookStatus } from '../lib/webhook-queue';
import type { Order } from '../lib/purchase-machine';
import type { CheckoutResult } from '../lib/checkout';
import { useWebhookStatus } from '../hooks/use-webhook-status';
import { usePlanName } from '../../../hooks/use-plan-name';
import { StepHeading } from './step-heading';
import { OrderNumberText } from './order-number-text';
import { OrderNumberRow } from './order-summary';
import './order-summary.css';
import './result.css';
import { withoutJoiners } from '../../../lib/i18n/burmese-breaks';

/** What the buyer is told about an order on its way to the shop's webhook. */
const webhookMessages = {
  pending: 'result.deliveryPending',
  retrying: 'result.deliveryRetrying',
  delivered: 'result.deliveryDone',
  failed: 'result.deliveryFailed',
  unsaved: 'result.deliveryUnsaved',
} as const;

const webhookAlerts = { delivered: 'alert--success', unsaved: 'alert--warning' } as const;

/**
 * Whether the buyer must send the order by hand: 'required' when nothing will reach the shop
 * otherwise (no webhook, an order the webhook queue does not hold, a send that failed for good),
 * 'optional' while the webhook keeps failing but is still retried, null when it is on its way or
 * arrived (server mode: always arrived). While an order this browser could not store is sent
 * from memory, the buyer keeps the page open instead.
 */
function handOffOf(webhook: WebhookStatus | null): 'required' | 'optional' | null {
  if (webhook === 'pending' || webhook === 'delivered' || webhook === 'unsaved') return null;
  return webhook === 'retrying' ? 'optional' : 'required';
}

type ResultSuccessProps = {
  order: Order;
  /** The backend's confirmed verdict: its kind says whether the eSIM comes first. */
  result: Exclude<CheckoutResult, { kind: 'refused' }>;
  focusOnMount: boolean;
  onBuyAnother: () => void;
  /** Server mode: whether the server sends email, when known (issue #44). */
  emailDelivery?: boolean;
};

/** Step 5 on success: the order number, the three activation steps, and the order's delivery. */
export function ResultSuccess(props: ResultSuccessProps) {
  const { order, result, focusOnMount, onBuyAnother } = props;
  const { transactionId, verifiedAt } = result;
  const esim = result.kind === 'esim' ? result : null;
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const planName = usePlanName();
  const webhook = useWebhookStatus(order.number);
  const webhookMessage = webhook && webhook !== 'unknown' ? webhookMessages[webhook] : null;
  const handOff = handOffOf(webhook);
  // Held for the bank (decision 070): the receipt was checked, the payment is not confirmed yet,
  // and the screen says so everywhere (issue #42, Burmese review must-fix 1).
  const held = esim?.delivery.state === 'held';
  const amount = t('price', { amount: formatNumber(order.price, language) });
  const orderMessage = t('result.orderMessage', {
    order: order.number,
    plan: planName(order.planId),
    operator: findOperator(order.operatorId)?.name ?? order.operatorId,
    contact: order.contact,
    amount,
    transaction: transactionId,
  });
  const mailto = `mailto:${site.email}?subject=${encodeURIComponent(
    withoutJoiners(t('result.emailSubject', { order: order.number })),
  )}&body=${encodeURIComponent(withoutJoiners(orderMessage))}`;

  const details = (
    <>
      <p className="lead">
        <OrderNumberText number={order.number}>
          {(number) => t(held ? 'result.heldLead' : 'result.successLead', { order: number })}
        </OrderNumberText>
      </p>
      <dl className="purchase-summary purchase-summary--result">
        <OrderNumberRow label={t('result.orderNumber')} number={order.number} />
        <div>
          <dt>{t('result.transaction')}</dt>
          <dd className="purchase-summary__contact">{transactionId}</dd>
        </div>
        <div>
          <dt>{t(held ? 'result.heldAt' : 'result.verifiedAt')}</dt>
          {/* On Myanmar's clock, as the order number is (issue #44), whatever the phone's zone. */}
          <dd>
            {t('myanmarClock.time', {
              time: formatDateTime(verifiedAt, language, { myanmar: true }),
            })}
          </dd>
        </div>
      </dl>
    </>
  );

  /** Where to ask for help, with the order number (after the eSIM, or as the last step). */
  const help = (
    <>
      <p>
        <OrderNumberText number={order.number}>
          {(number) => t('result.stepHelp', { order: number })}
        </OrderNumberText>
      </p>
      <a
        className="button purchase-viber"
        href={viberChatHref(t('result.viberHelpMessage', { order: order.number }))}
      >
        {t('result.viberHelp')}
      </a>
    </>
  );

  return (
    // The floating buttons give way rather than cover any of it on a phone (issue #24).
    <section
      className="purchase-step purchase-result"
      aria-labelledby="purchase-success-heading"
      data-floating-clear=""
    >
      <div className="purchase-result__title">
        <span className="purchase-result__icon purchase-result__icon--success" aria-hidden="true">
          ✓
        </span>
        <StepHeading id="purchase-success-heading" focusOnMount={focusOnMount}>
          {t(held ? 'result.heldHeading' : 'result.successHeading')}
        </StepHeading>
      </div>
      {/* An order the backend delivers: the eSIM first, within the first screen of a phone
          (issue #24); the order's details after it. Otherwise the order's details and what
          happens next. */}
      {esim ? (
        <>
          <EsimDelivery
            delivery={esim.delivery}
            orderNumber={order.number}
            orderLink={esim.page ? orderHref(esim.page.id, esim.page.token, language) : undefined}
            contactKind={order.contactKind}
            emailDelivery={props.emailDelivery}
          />
          <h3 className="purchase-result__details">{t('result.detailsHeading')}</h3>
          {details}
        </>
      ) : (
        details
      )}

      {/* The eSIM (or its honest waiting state) is on screen above; nothing to send. */}
      {esim ? (
        <div className="purchase-result__help">{help}</div>
      ) : (
        <>
          <h3>{t('result.stepsHeading')}</h3>
          <ol className="purchase-next">
            <li>{t('result.stepPrepared')}</li>
            <li>
              {t(handOff === 'required' ? 'result.stepSentAfterHandOff' : 'result.stepSent', {
                contact: order.contact,
              })}
            </li>
            <li>{help}</li>
          </ol>

          {webhookMessage && (
            <p
              className={`alert ${webhook === 'delivered' || webhook === 'unsaved' ? webhookAlerts[webhook] : ''}`}
              role="status"
            >
              {t(webhookMessage)}
            </p>
          )}
          {/* The hand-off only when the webhook needs it (see handOffOf); else what happens next. */}
          {handOff ? (
            <div className="purchase-send">
              <h3>
                {t(handOff === 'required' ? 'result.sendHeadingRequired' : 'result.sendHeading')}
              </h3>
              <p>{t(handOff === 'required' ? 'result.sendTextRequired' : 'result.sendText')}</p>
              <div className="button-row">
                <a className="button purchase-viber" href={viberChatHref(orderMessage)}>
                  {t('result.sendViber')}
                </a>
                <a className="button" href={mailto}>
                  {t('result.sendEmail')}
                </a>
              </div>
            </div>
          ) : (
            <p className="purchase-result__next">{t('result.noHandOff')}</p>
          )}
          {/* What to do once the eSIM arrives, before the flight (issue #42). */}
          <InstallChecklist Heading="h3" />
        </>
      )}
      <p className="purchase-result__guide">
        {t(esim ? 'result.installHelp' : 'result.installIntro')}{' '}
        <Link to={paths.howItWorks}>{t('result.installLink')}</Link>
      </p>

      <div className="button-row purchase-actions">
        <button type="button" className="button" onClick={onBuyAnother}>
          {t('result.buyAnother')}
        </button>
      </div>
    </section>
  );
}
