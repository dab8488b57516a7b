import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../lib/services';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import { useStickyTop } from '../hooks/use-sticky-top';
import type { Order, ReceiptSlot } from '../lib/purchase-machine';
import { loadVerificationCode } from '../lib/verify-payment';
import { LateUploadNotice } from './late-upload-notice';
import { OrderNumberText } from './order-number-text';
import { OrderSummary } from './order-summary';
import { PaymentChoice } from '../../../components/payment-choice/payment-choice';
import { PaymentCountdown } from './payment-countdown';
import { PaymentQr } from './payment-qr';
import { ReceiptUpload } from './receipt-upload';
import { StepHeading } from './step-heading';
import { WalletInstructions } from './wallet-instructions';
import './purchase-tile.css';
import './payment-step.css';

type PaymentStepProps = {
  order: Order;
  /** The order this page found kept (a reload, a return from another page): said once. */
  kept: boolean;
  /**
   * Reopened from the expired panel to upload a payment made in time (UPLOAD_LATE, decision
   * 044): the code is expired, so no QR, no Save QR, no countdown; the upload comes first.
   */
  late: boolean;
  /** The way back: correct the contact, cancel the order (order-change.tsx). */
  change: ReactNode;
  receipt: ReceiptSlot;
  interrupted: boolean;
  focusOnMount: boolean;
  onFile: (file: File | undefined) => void;
  onRemoveReceipt: () => void;
  onSubmit: () => void;
  /** Late upload only: leave this order and start a new one. */
  onStartOver: () => void;
};

/** Step 4: price and countdown, the MMQR code, how to pay, and the receipt upload. */
export function PaymentStep(props: PaymentStepProps) {
  const { order, receipt, interrupted, focusOnMount, late } = props;
  const { t, i18n } = useTranslation('purchase');
  const amount = t('price', { amount: formatNumber(order.price, toLanguage(i18n.language)) });
  // Verification's code loads while the buyer pays, not when they tap "Upload and verify"; a
  // failure here is retried then (and said as a connection problem if it fails again).
  const { ai } = useServices();
  useEffect(() => {
    loadVerificationCode(ai).catch((error: unknown) =>
      console.info('Verification code could not be loaded yet', error),
    );
  }, [ai]);
  /** The server offers a card or a provider's QR: the step is no longer "Pay by MMQR" alone. */
  const [offered, setOffered] = useState(false);
  const upload = (
    <ReceiptUpload
      receipt={receipt}
      interrupted={interrupted}
      onFile={props.onFile}
      onRemove={props.onRemoveReceipt}
      onSubmit={props.onSubmit}
    />
  );
  /** The shop's own MMQR code, how to pay, and the screenshot's upload. */
  const mmqr = (
    <>
      <PaymentDue amount={amount} expiresAt={order.expiresAt} />
      <div className="purchase-pay">
        <PaymentQr order={order} amountLabel={amount} />
        <div className="purchase-pay__side">
          <OrderSummary order={order} />
          {props.change}
          <WalletInstructions amount={amount} />
        </div>
      </div>
      {upload}
    </>
  );
  return (
    <section className="purchase-step" aria-labelledby="purchase-payment-heading">
      <StepHeading id="purchase-payment-heading" focusOnMount={focusOnMount}>
        {t(late ? 'late.heading' : offered ? 'choice.stepHeading' : 'payment.heading')}
      </StepHeading>
      {late ? (
        <>
          <LateUploadNotice order={order} amount={amount} />
          {upload}
        </>
      ) : (
        <>
          {props.kept && (
            <p className="purchase-kept" role="status">
              <OrderNumberText number={order.number}>
                {(number) => t('payment.kept', { order: number })}
              </OrderNumberText>
            </p>
          )}
          {order.providers && order.page ? (
            // A card or a provider's QR when the backend offers them (issue #40).
            <PaymentChoice
              orderId={order.page.id}
              token={order.page.token}
              fallback={mmqr}
              after={props.change}
              onOffered={setOffered}
            />
          ) : (
            mmqr
          )}
        </>
      )}
      {late && (
        <p className="purchase-late__new">
          <button type="button" className="button" onClick={props.onStartOver}>
            {t('result.newOrder')}
          </button>
        </p>
      )}
    </section>
  );
}

/** Amount and time left: one opaque bar that stays under the header down to the upload. */
function PaymentDue({ amount, expiresAt }: { amount: string; expiresAt: number }) {
  const { t } = useTranslation('purchase');
  const bar = useRef<HTMLDivElement>(null);
  useStickyTop(bar);
  return (
    <div className="purchase-pay__due" ref={bar}>
      <p className="purchase-tile purchase-amount">
        <span className="purchase-tile__label">{t('payment.amountLabel')}</span>
        <span className="purchase-tile__value purchase-amount__value" data-testid="amount-due">
          {amount}
        </span>
      </p>
      <PaymentCountdown expiresAt={expiresAt} />
    </div>
  );
}
