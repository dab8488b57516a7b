import { useTranslation } from 'react-i18next';
import { detectPlatform } from '../lib/platform';
import './wallet-instructions.css';

/** How to get the code from this device into the wallet, per platform (decision 053). */
const saveHints = {
  ios: 'payment.howTo.saveIos',
  android: 'payment.howTo.saveAndroid',
  desktop: 'payment.howTo.saveDesktop',
} as const;

type WalletInstructionsProps = { amount: string };

/**
 * How to scan the MMQR code with KBZPay and WavePay, and how to pay from the phone that shows
 * it: on an iPhone through Photos, on Android through Downloads or the gallery, and from a
 * computer by scanning the screen with the phone.
 */
export function WalletInstructions({ amount }: WalletInstructionsProps) {
  const { t } = useTranslation('purchase');
  const platform = detectPlatform();
  const wallets = [
    {
      id: 'kbzpay',
      name: t('payment.howTo.kbzpay'),
      steps: t('payment.howTo.kbzpaySteps', { returnObjects: true, amount }),
    },
    {
      id: 'wavepay',
      name: t('payment.howTo.wavepay'),
      steps: t('payment.howTo.wavepaySteps', { returnObjects: true, amount }),
    },
  ];
  return (
    <section className="purchase-howto" aria-labelledby="purchase-howto-heading">
      <h3 id="purchase-howto-heading">{t('payment.howTo.heading')}</h3>
      {/* Paying on this same phone, with any wallet: first, not under the last wallet's box,
          where it read as one of WavePay's steps (issue #44). */}
      <p className="purchase-field-hint purchase-howto__save">{t(saveHints[platform])}</p>
      {wallets.map((wallet, index) => (
        <details key={wallet.id} className="purchase-howto__wallet" open={index === 0}>
          <summary>{wallet.name}</summary>
          <ol>
            {wallet.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
