import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { qrFileName } from '../lib/order-number';
import { orderPayload, qrPath, renderQrPng } from '../lib/payment-qr';
import type { Order } from '../lib/purchase-machine';
import { usePaymentQr } from '../hooks/use-payment-qr';
import './payment-qr.css';

/** Size on screen (SPEC §7) and quiet zone in modules. */
const QR_SIZE = 200;
const QR_MARGIN = 1;

type PaymentQrProps = { order: Order; amountLabel: string };

function payloadOf(order: Order): string | null {
  // Server mode: the server made the payload (with its own merchant settings).
  if (order.server) return order.server.mmqrPayload;
  try {
    return orderPayload(order);
  } catch (error) {
    console.error('The MMQR payload could not be built', error);
    return null;
  }
}

/** The MMQR code of the order at 200 px, and a PNG download named with the order number. */
export function PaymentQr({ order, amountLabel }: PaymentQrProps) {
  const { t } = useTranslation('purchase');
  const payload = useMemo(() => payloadOf(order), [order]);
  const qr = usePaymentQr(payload);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const label = t('payment.qrLabel', { order: order.number, amount: amountLabel });

  const download = async () => {
    if (qr.status !== 'ready') return;
    try {
      // The PNG caption stays in Latin digits: any canvas font can draw it.
      const caption = [order.number, `${formatNumber(order.price, 'en')} ${order.currency}`];
      const blob = await renderQrPng(qr.matrix, caption);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = qrFileName(order.number);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setDownloadFailed(false);
    } catch (error) {
      console.error('The QR image could not be saved', error);
      setDownloadFailed(true);
    }
  };

  return (
    <div className="purchase-qr">
      <div className="purchase-qr__frame">
        {qr.status === 'ready' ? (
          <svg
            role="img"
            aria-label={label}
            width={QR_SIZE}
            height={QR_SIZE}
            viewBox={`0 0 ${qr.matrix.size + QR_MARGIN * 2} ${qr.matrix.size + QR_MARGIN * 2}`}
            shapeRendering="crispEdges"
            data-testid="payment-qr"
          >
            <rect width="100%" height="100%" fill="#ffffff" />
            <path d={qrPath(qr.matrix, QR_MARGIN)} fill="#000000" />
          </svg>
        ) : (
          <p className="purchase-qr__placeholder" role="status">
            {qr.status === 'loading' ? t('payment.qrLoading') : t('payment.qrFailed')}
          </p>
        )}
      </div>
      <p className="purchase-field-hint purchase-qr__hint">{t('payment.qrHint')}</p>
      <button
        type="button"
        className="button purchase-qr__download"
        disabled={qr.status !== 'ready'}
        onClick={() => void download()}
      >
        {t('payment.download')}
      </button>
      {downloadFailed && (
        <p className="field-error" role="alert">
          {t('payment.downloadFailed')}
        </p>
      )}
    </div>
  );
}
