import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderHref } from '#domain/paths';
import { getOrder, ApiError } from '../../lib/api/client';
import { formatNumber } from '../../lib/i18n/format';
import { toLanguage } from '../../lib/i18n/languages';
import { createQrMatrix, qrPath } from '../../lib/qr';
import { useServices } from '../../lib/services';
import { noteTestPayments } from '../../lib/test-payments';
import {
  followOrder,
  majorAmount,
  rememberOrderToken,
  startPayment,
  type PaymentMethod,
} from '../../lib/provider-payment';
import './payment-choice.css';

type PaymentChoiceProps = {
  orderId: string;
  token: string;
  /** The shop's own MMQR code and the screenshot upload: the wallet way without a provider. */
  fallback: ReactNode;
  /** Said above the choice (a card declined, a page closed). */
  notice?: ReactNode;
  /** Shown under the choice (correct the contact, cancel the order). */
  after?: ReactNode;
  /** Told whether the server offers a provider (the choice is shown) once that is known. */
  onOffered?: (offered: boolean) => void;
};

type View =
  | { kind: 'loading' }
  | { kind: 'plain' }
  | { kind: 'choice'; methods: PaymentMethod[] }
  | { kind: 'wallet'; methods: PaymentMethod[] }
  | { kind: 'qr'; methods: PaymentMethod[]; payload: string; testWalletUrl?: string };

/**
 * The buyer's way to pay (issue #40 point 5), when the server offers more than the shop's own
 * MMQR code: "Card (Visa, Mastercard, JCB, UnionPay, MPU)" with its USD price, opening 2C2P's
 * page, or "Myanmar wallet (KBZPay, WavePay, AYA…)", showing KBZPay's QR code for this order
 * (paid when KBZPay confirms it: nothing to upload) or else the shop's own code and the upload.
 * A server that offers no provider shows the shop's code and upload as before.
 */
export function PaymentChoice(props: PaymentChoiceProps) {
  const { orderId, token, fallback, notice, after, onOffered } = props;
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const { apiUrl } = useServices();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState<'2c2p' | 'kbzpay' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getOrder(apiUrl, orderId, token, controller.signal)
      .then((order) => {
        const methods = order.paymentMethods ?? [];
        const offered = methods.some((method) => method.providerConfirmed);
        noteTestPayments(methods.some((method) => method.test));
        setView(offered ? { kind: 'choice', methods } : { kind: 'plain' });
        onOffered?.(offered);
      })
      .catch(() => !controller.signal.aborted && setView({ kind: 'plain' }));
    return () => controller.abort();
    // onOffered is the parent's setter: its identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiUrl, orderId, token]);

  // While KBZPay's code is on screen, the order is followed: paid, the eSIM's page opens.
  const showingQr = view.kind === 'qr';
  useEffect(() => {
    if (!showingQr) return;
    return followOrder(apiUrl, orderId, token, (order) => {
      if (order.status === 'paid') window.location.hash = orderHref(orderId, token, language);
    });
  }, [showingQr, apiUrl, orderId, token, language]);

  if (view.kind === 'loading' || view.kind === 'plain') return <>{fallback}</>;

  const card = view.methods.find((method) => method.id === '2c2p');
  const kbz = view.methods.find((method) => method.id === 'kbzpay');
  const wallet = view.methods.find((method) => method.id === 'mmqr');

  const failed = (error: unknown) =>
    setProblem(
      error instanceof ApiError && error.code === 'provider_unavailable'
        ? t('choice.providerDown')
        : error instanceof ApiError &&
            (error.code === 'order_expired' || error.code === 'order_closed')
          ? t('choice.closed')
          : t('choice.failed'),
    );

  const payByCard = async () => {
    setBusy('2c2p');
    setProblem(null);
    try {
      const started = await startPayment(apiUrl, orderId, token, '2c2p', language);
      // The provider sends the buyer back to the order page, whose address has no token.
      rememberOrderToken(orderId, token);
      if (started.redirectUrl) window.location.assign(started.redirectUrl);
    } catch (error) {
      failed(error);
      setBusy(null);
    }
  };

  const payByWallet = async () => {
    setProblem(null);
    if (!kbz) {
      setView({ kind: 'wallet', methods: view.methods });
      return;
    }
    setBusy('kbzpay');
    try {
      const started = await startPayment(apiUrl, orderId, token, 'kbzpay', language);
      rememberOrderToken(orderId, token);
      setView({
        kind: 'qr',
        methods: view.methods,
        payload: started.qrPayload ?? '',
        testWalletUrl: started.testWalletUrl,
      });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const backToChoice = (
    <p className="payment-choice__back">
      <button
        type="button"
        className="button"
        onClick={() => setView({ kind: 'choice', methods: view.methods })}
      >
        {t('choice.back')}
      </button>
    </p>
  );

  if (view.kind === 'wallet') {
    return (
      <>
        {backToChoice}
        {fallback}
      </>
    );
  }

  if (view.kind === 'qr') {
    const amount = t('price', { amount: formatNumber(kbz?.amount ?? 0, language) });
    return (
      <div className="payment-choice" data-testid="kbzpay-qr">
        {backToChoice}
        <h3 className="payment-choice__heading">{t('choice.qrHeading')}</h3>
        <ProviderQr payload={view.payload} label={t('choice.qrLabel', { amount })} />
        <p className="payment-choice__amount">{amount}</p>
        <p className="payment-choice__waiting" role="status">
          <span className="spinner" aria-hidden="true" /> {t('choice.qrWaiting')}
        </p>
        {view.testWalletUrl ? (
          <>
            <p className="payment-choice__hint">{t('choice.qrHintTest')}</p>
            <p className="payment-choice__back">
              <a
                className="button button--primary"
                href={view.testWalletUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="test-wallet"
              >
                {t('choice.testWallet')}
              </a>
            </p>
          </>
        ) : (
          <p className="payment-choice__hint">{t('choice.qrHint')}</p>
        )}
        {wallet && (
          <p className="payment-choice__back">
            <button
              type="button"
              className="button"
              onClick={() => setView({ kind: 'wallet', methods: view.methods })}
            >
              {t('choice.ownQr')}
            </button>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="payment-choice" data-testid="payment-choice">
      {notice}
      <h3 className="payment-choice__heading">{t('choice.heading')}</h3>
      <div className="payment-choice__options">
        {card && (
          <button
            type="button"
            className="payment-choice__option"
            data-testid="pay-by-card"
            disabled={busy !== null}
            onClick={() => void payByCard()}
          >
            <span className="payment-choice__name">{t('choice.card')}</span>
            <span className="payment-choice__price">
              {card.currency === 'USD'
                ? t('choice.usd', { amount: formatNumber(majorAmount(card), language) })
                : t('price', { amount: formatNumber(card.amount, language) })}
            </span>
            <span className="payment-choice__note">
              {busy === '2c2p'
                ? t('choice.opening')
                : t(card.test ? 'choice.cardNoteTest' : 'choice.cardNote')}
            </span>
          </button>
        )}
        <button
          type="button"
          className="payment-choice__option"
          data-testid="pay-by-wallet"
          disabled={busy !== null}
          onClick={() => void payByWallet()}
        >
          <span className="payment-choice__name">{t('choice.wallet')}</span>
          <span className="payment-choice__price">
            {t('price', { amount: formatNumber((kbz ?? wallet)?.amount ?? 0, language) })}
          </span>
          <span className="payment-choice__note">
            {busy === 'kbzpay'
              ? t('choice.preparingQr')
              : t(
                  !kbz
                    ? 'choice.walletNote'
                    : kbz.test
                      ? 'choice.walletNoteProviderTest'
                      : 'choice.walletNoteProvider',
                )}
          </span>
        </button>
      </div>
      {problem && (
        <p className="alert alert--warning" role="alert">
          {problem}
        </p>
      )}
      {after}
    </div>
  );
}

/** KBZPay's code for this order, drawn as an SVG. */
function ProviderQr({ payload, label }: { payload: string; label: string }) {
  const [path, setPath] = useState<{ d: string; size: number } | null>(null);
  useEffect(() => {
    let live = true;
    void createQrMatrix(payload).then((matrix) => {
      if (live) setPath({ d: qrPath(matrix, 2), size: matrix.size + 4 });
    });
    return () => {
      live = false;
    };
  }, [payload]);
  return (
    <div className="payment-choice__qr">
      {path ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${path.size} ${path.size}`}
          width="200"
          height="200"
          shapeRendering="crispEdges"
        >
          <rect width={path.size} height={path.size} fill="#fff" />
          <path d={path.d} fill="#000" />
        </svg>
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </div>
  );
}
