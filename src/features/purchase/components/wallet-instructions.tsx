import { useTranslation } from 'react-i18next';
import './wallet-instructions.css';

type WalletInstructionsProps = { amount: string };

/** How to scan the MMQR code with KBZPay and WavePay, and how to pay on the same phone. */
export function WalletInstructions({ amount }: WalletInstructionsProps) {
  const { t } = useTranslation('purchase');
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
      <p className="purchase-field-hint">{t('payment.howTo.samePhone')}</p>
    </section>
  );
}
