import { useTranslation } from 'react-i18next';
import { env } from '../../../config/env';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import type { Order } from '../lib/purchase-machine';
import { failureRemedy } from '../lib/failure-remedy';
import { isKyat } from '#domain/receipt-rules';
import type { CheckoutResult } from '../lib/checkout';
import { StepHeading } from './step-heading';
import { OrderHelpActions } from './order-help-actions';
import { OrderNumberText } from './order-number-text';
import './result.css';

type Refusal = Extract<CheckoutResult, { kind: 'refused' }>;

type ResultFailureProps = {
  order: Order;
  /** The backend's refusal. */
  result: Refusal;
  focusOnMount: boolean;
  onTryAgain: () => void;
  /** A new order, where no receipt can pay this one any more. */
  onStartOver: () => void;
};

/** The catalogue message (SPEC §8) for a failed verification, in the UI language. */
function useFailureMessage(order: Order, { reason, reusedOn }: Refusal): string {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const money = (amount: number) => t('price', { amount: formatNumber(amount, language) });
  switch (reason.code) {
    case 'notConfirmed':
      return reason.modelReason || t('esim_verification_failed_message');
    case 'verificationFailed':
      return t('esim_verification_failed_message');
    case 'amountMismatch':
      return t('failure.amountMismatch', {
        paid: !isKyat(reason.currency)
          ? `${formatNumber(reason.paid, language)} ${reason.currency}`
          : money(reason.paid),
        price: money(order.price),
      });
    case 'reused':
      // Where the backend knows every order, the payment paid another one, anywhere.
      return t(reusedOn === 'shop' ? 'failure.reusedServer' : 'failure.reused', {
        transaction: reason.transactionId,
      });
    case 'tooManyAttempts':
      return t('payeeCheck.tooManyAttempts', {
        minutes: formatNumber(Math.max(1, Math.ceil(reason.retryAfterSeconds / 60)), language),
      });
    case 'payee':
      // Paid to someone else, or a personal transfer: say what pays the shop (issue #23).
      return reason.payee
        ? t('payeeCheck.payee', { payee: reason.payee, shop: env.brandName })
        : t('payeeCheck.personal', { shop: env.brandName });
    case 'reference':
      return t('payeeCheck.reference', { reference: reason.reference, order: order.number });
    case 'notSuccessful':
      return reason.status
        ? t('failure.notSuccessful', { status: reason.status })
        : t('failure.statusMissing');
    default:
      return t(`failure.${reason.code}`);
  }
}

/** An order number in a reason ("for another order (#NXR-…)") never breaks at a hyphen. */
function withUnbrokenNumbers(message: string) {
  return message.split(/(#NXR-\d{8}-\d{6}(?:-\d{1,4})?)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="purchase-order-number">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The help under the reason: each remedy its own (no "clearer screenshot" where that cannot help). */
const helpKeys = {
  clearerScreenshot: 'result.failureHelp',
  tryAgain: 'result.failureHelpRetry',
  newOrder: 'result.failureHelpNewOrder',
} as const;

/**
 * The receipt was not accepted: why, and the way on. Try Again returns to the payment step;
 * where no receipt can pay this order any more (failure-remedy.ts) the way on is a new order.
 * Viber is always there, for a payment already taken.
 */
export function ResultFailure({
  order,
  result,
  focusOnMount,
  onTryAgain,
  onStartOver,
}: ResultFailureProps) {
  const { t } = useTranslation('purchase');
  const message = useFailureMessage(order, result);
  const remedy = failureRemedy(result.reason);
  return (
    <section className="purchase-step purchase-result" aria-labelledby="purchase-failure-heading">
      <span className="purchase-result__icon purchase-result__icon--failure" aria-hidden="true">
        !
      </span>
      <StepHeading id="purchase-failure-heading" focusOnMount={focusOnMount}>
        {t('result.failureHeading')}
      </StepHeading>
      <p className="alert alert--danger" data-testid="failure-reason">
        {withUnbrokenNumbers(message)}
      </p>
      <p>
        <OrderNumberText number={order.number}>
          {(number) => t(helpKeys[remedy], { order: number })}
        </OrderNumberText>
      </p>
      <OrderHelpActions
        orderNumber={order.number}
        primaryLabel={t(remedy === 'newOrder' ? 'result.newOrder' : 'result.tryAgain')}
        onPrimary={remedy === 'newOrder' ? onStartOver : onTryAgain}
      />
    </section>
  );
}
