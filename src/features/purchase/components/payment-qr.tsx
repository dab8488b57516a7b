import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { formatNumber } from '../../../lib/i18n/format';
import { qrFileName } from '#domain/order-number';
import { orderPayload, qrPath, renderQrPng } from '../lib/payment-qr';
import { detectPlatform } from '../lib/platform';
import type { Order } from '../lib/purchase-machine';
import { usePaymentQr, usePaymentQrImages } from '../hooks/use-payment-qr';
import './payment-qr.css';

/** Size on screen (SPEC §7) and quiet zone in modules. */
const QR_SIZE = 200;
const QR_MARGIN = 1;

type PaymentQrProps = { order: Order; amountLabel: string };

function payloadOf(order: Order): string | null {
  // The payload the backend made (with its own merchant settings), or this browser's.
  if (order.mmqrPayload) return order.mmqrPayload;
  try {
    return orderPayload(order);
  } catch (error) {
    console.error('The MMQR payload could not be built', error);
    return null;
  }
}

/** Saves `file` through a link with the download attribute (Files on iPhone, Downloads elsewhere). */
function download(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Whether to hand `file` to the share sheet: on an iPhone or iPad that can share files, whose
 * "Save Image" puts it in Photos. Android's and computers' sheets often have no "save" target,
 * while their downloads land where the wallets' pickers look (Downloads, Gallery).
 */
function shareable(file: File): boolean {
  return (
    detectPlatform() === 'ios' &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [file] })
  );
}

/**
 * The MMQR code of the order at 200 px, as a PNG image the buyer can press and hold to save,
 * and "Save QR": on an iPhone the share sheet with the PNG ("Save Image" puts it in Photos,
 * where the wallets' scanners look), else a download named with the order number (decision 053).
 */
export function PaymentQr({ order, amountLabel }: PaymentQrProps) {
  const { t } = useTranslation('purchase');
  const payload = useMemo(() => payloadOf(order), [order]);
  const qr = usePaymentQr(payload);
  // The PNG caption stays in Latin digits: any canvas font can draw it.
  const caption = useMemo(
    () => [order.number, `${formatNumber(order.price, 'en')} ${order.currency}`],
    [order.number, order.price, order.currency],
  );
  const fileName = qrFileName(order.number);
  const images = usePaymentQrImages(qr.status === 'ready' ? qr.matrix : null, caption, fileName);
  const screenUrl = useObjectUrl(images?.screen ?? null);
  const [saveFailed, setSaveFailed] = useState(false);
  const label = t('payment.qrLabel', { order: order.number, amount: amountLabel });

  const save = async () => {
    if (qr.status !== 'ready') return;
    try {
      // With the file made beforehand, share() runs within the tap, as Safari requires.
      if (images && shareable(images.file)) {
        try {
          await navigator.share({ files: [images.file] });
          setSaveFailed(false);
          return;
        } catch (error) {
          // The buyer closed the share sheet: nothing to do. Anything else: download instead.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      const file =
        images?.file ??
        new File([await renderQrPng(qr.matrix, caption)], fileName, { type: 'image/png' });
      download(file);
      setSaveFailed(false);
    } catch (error) {
      console.error('The QR image could not be saved', error);
      setSaveFailed(true);
    }
  };

  return (
    <div className="purchase-qr">
      <div className="purchase-qr__frame">
        {qr.status !== 'ready' ? (
          <p className="purchase-qr__placeholder" role="status">
            {qr.status === 'loading' ? t('payment.qrLoading') : t('payment.qrFailed')}
          </p>
        ) : screenUrl ? (
          <img
            className="purchase-qr__image"
            src={screenUrl}
            alt={label}
            width={QR_SIZE}
            height={QR_SIZE}
            data-testid="payment-qr"
          />
        ) : (
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
        )}
      </div>
      <p className="purchase-field-hint purchase-qr__hint">{t('payment.qrHint')}</p>
      <button
        type="button"
        className="button purchase-qr__download"
        disabled={qr.status !== 'ready'}
        onClick={() => void save()}
      >
        {t('payment.download')}
      </button>
      {saveFailed && (
        <p className="field-error" role="alert">
          {t('payment.downloadFailed')}
        </p>
      )}
    </div>
  );
}
