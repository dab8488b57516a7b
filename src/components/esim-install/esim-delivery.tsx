import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#domain/paths';
import { site } from '../../config/site';
import { appleInstallUrl, type EsimProfile, type OrderDelivery } from '../../lib/delivery';
import { formatDateTime } from '../../lib/i18n/format';
import { EsimCodes } from './esim-codes';
import { EsimKeepLink } from './esim-keep-link';
import { EsimQr } from './esim-qr';
import { detectInAppBrowser } from './in-app-browser';
import { InAppNotice } from './in-app-notice';
import { InstallChecklist } from './install-checklist';
import { detectInstallPlatform, type InstallPlatform } from './install-platform';
import './esim-install.css';

type EsimDeliveryProps = {
  delivery: OrderDelivery;
  orderNumber: string;
  /** The heading level of the section: 3 inside the purchase result, 2 on the order page. */
  headingLevel?: 2 | 3;
  /** The order page's link (with its token), offered to come back to the eSIM later. */
  orderLink?: string;
  /**
   * Where the eSIM was to be sent. A Viber number gets nothing from the shop: the order link is
   * the delivery, offered to send to their own Viber or to copy, and no email is promised.
   */
  contactKind?: 'email' | 'phone';
  /**
   * Whether the shop's server sends email (issue #44; unknown when absent). When it does not, an
   * email buyer waiting for the eSIM is told it comes to this page, not by email.
   */
  emailDelivery?: boolean;
  /** The user agent to read (tests); the browser's by default. */
  userAgent?: string;
};

const emailMessages = {
  queued: 'email.queued',
  sent: 'email.sent',
  retrying: 'email.retrying',
} as const;

/**
 * An order's eSIM, wherever the buyer sees it (the purchase result in server mode, the order
 * page): the QR code, the install path of this phone, the codes for manual entry and the facts
 * the spec requires; or, without an eSIM, the honest state (waiting for stock, withdrawn, unpaid).
 */
export function EsimDelivery(props: EsimDeliveryProps) {
  const { delivery, orderNumber, headingLevel = 3, orderLink, contactKind } = props;
  const { t, i18n } = useTranslation('delivery');
  const userAgent = props.userAgent ?? navigator.userAgent;
  const platform = useInstallPlatform(userAgent);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const viber = contactKind === 'phone';
  // A promised time on Myanmar's clock, named, as the order number is (issue #44).
  const promised = (at: number) =>
    t('myanmarTime', { time: formatDateTime(at, i18n.language, { myanmar: true }) });
  const emailMessage =
    viber || delivery.email.state === 'not_applicable' ? null : emailMessages[delivery.email.state];
  // An email buyer whose eSIM no email carries (a shop without a mail server, issue #44): like a
  // Viber buyer, the order link is where the eSIM stays, and it is offered to keep.
  const unmailed =
    !viber &&
    contactKind === 'email' &&
    (delivery.esim ? delivery.email.state === 'not_applicable' : props.emailDelivery === false);
  const link =
    orderLink &&
    (viber || unmailed ? (
      <EsimKeepLink
        link={new URL(orderLink, window.location.href).href}
        orderNumber={orderNumber}
        Heading={SubHeading}
        text={unmailed ? t('noEmail.keepText') : undefined}
      />
    ) : (
      <p className="esim-delivery__link">
        {t('orderLink')} <a href={orderLink}>{t('orderLinkText', { order: orderNumber })}</a>
      </p>
    ));

  if (delivery.state === 'waiting_for_stock') {
    const waiting = viber || unmailed ? 'waitingViber' : 'waiting';
    return (
      <section className="esim-delivery" aria-labelledby="esim-delivery-heading">
        <Heading id="esim-delivery-heading">{t('waiting.heading')}</Heading>
        <p className="alert alert--warning" role="status">
          {delivery.promisedBy === null
            ? t(`${waiting}.textSoon`)
            : t(`${waiting}.text`, { time: promised(delivery.promisedBy) })}
        </p>
        {link}
      </section>
    );
  }
  if (delivery.state === 'held') {
    // Paid on a screenshot; the delivery policy waits for the bank (issue #23, decision 070).
    return (
      <section className="esim-delivery" aria-labelledby="esim-delivery-heading">
        <Heading id="esim-delivery-heading">{t('held.heading')}</Heading>
        <p className="alert alert--warning" role="status">
          {delivery.promisedBy === null
            ? t('held.textSoon')
            : t('held.text', { time: promised(delivery.promisedBy) })}
        </p>
        {link}
        {/* Where to ask while waiting (issue #44): the help center, with Find my eSIMs. */}
        <p className="esim-delivery__help">
          {t('held.help')} <Link to={paths.helpCenter}>{t('held.helpLink')}</Link>
        </p>
      </section>
    );
  }
  if (delivery.state === 'provisioning') {
    return (
      <section className="esim-delivery" aria-labelledby="esim-delivery-heading">
        <Heading id="esim-delivery-heading">{t('preparing.heading')}</Heading>
        <Preparing />
        {link}
      </section>
    );
  }
  if (delivery.state === 'withdrawn') {
    return (
      <section className="esim-delivery" aria-labelledby="esim-delivery-heading">
        <Heading id="esim-delivery-heading">{t('withdrawn.heading')}</Heading>
        <p className="alert alert--danger">
          {t('withdrawn.text', { order: orderNumber, email: site.email, phone: site.phone })}
        </p>
      </section>
    );
  }
  if (delivery.state === 'none' || !delivery.esim) {
    return (
      <section className="esim-delivery" aria-labelledby="esim-delivery-heading">
        <Heading id="esim-delivery-heading">{t('unpaid.heading')}</Heading>
        <p className="alert">{t('unpaid.text')}</p>
      </section>
    );
  }

  // On a phone this phone's own way comes first, within the first screen (issue #24): an
  // iPhone's Install button, then the QR; on Android the QR, then the eSIM code to paste, then
  // the steps. From 760px on the QR stands on the left of the install path and the codes.
  // Inside an app's browser (Facebook, Messenger, Viber…, issue #42) how to leave it comes first,
  // then the QR to scan from another screen and the codes to copy; this phone's own path last.
  const android = platform?.kind === 'android';
  const inApp = detectInAppBrowser(userAgent);
  const install = (
    <div className="esim-delivery__install">
      <InstallPath esim={delivery.esim} platform={platform} inApp={inApp !== null} />
    </div>
  );
  const qr = <EsimQr activationCode={delivery.esim.activationCode} orderNumber={orderNumber} />;
  const codes = (
    <div className="esim-delivery__codes">
      <EsimCodes esim={delivery.esim} pasteFirst={android} />
    </div>
  );
  const bodyClass = inApp
    ? ' esim-delivery__body--in-app'
    : android
      ? ' esim-delivery__body--android'
      : '';
  return (
    <section className="esim-delivery" aria-labelledby="esim-delivery-heading">
      <Heading id="esim-delivery-heading">{t('heading')}</Heading>
      <InstallProgress esim={delivery.esim} orderNumber={orderNumber} />
      {delivery.esim.installState !== 'installed' && (
        <p className="esim-delivery__lead">{t('readyLead')}</p>
      )}
      {emailMessage && (
        <p className={`alert${delivery.email.state === 'sent' ? ' alert--success' : ''}`}>
          {t(emailMessage)}
        </p>
      )}
      {inApp && (
        <InAppNotice
          app={inApp}
          ios={/iPhone|iPad|iPod/.test(userAgent)}
          link={new URL(orderLink ?? window.location.href, window.location.href).href}
          Heading={SubHeading}
        />
      )}
      <div className={`esim-delivery__body${bodyClass}`}>
        {inApp ? (
          <>
            {qr}
            {codes}
            {install}
          </>
        ) : (
          <>
            {install}
            {qr}
            {codes}
          </>
        )}
      </div>
      {link}
      <InstallChecklist Heading={SubHeading} />
    </section>
  );
}

/** After this long in `provisioning`, the buyer is told it is slow and may leave. */
export const PREPARING_SLOW_MS = 30_000;

function Preparing() {
  const { t } = useTranslation('delivery');
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), PREPARING_SLOW_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <p className="alert esim-delivery__preparing" role="status">
      <span className="esim-delivery__spinner" aria-hidden="true" />
      {t(slow ? 'preparing.slow' : 'preparing.text')}
    </p>
  );
}

const installAlerts = {
  downloaded: 'alert',
  installed: 'alert alert--success',
  failed: 'alert alert--danger',
  deleted: 'alert alert--warning',
} as const;

/** What the phone did with the eSIM, as the operator's SM-DP+ reported it (issue #27). */
function InstallProgress({ esim, orderNumber }: { esim: EsimProfile; orderNumber: string }) {
  const { t, i18n } = useTranslation('delivery');
  const state = esim.installState;
  // Always in the page, so that a screen reader hears the state change while the page polls.
  if (!state || state === 'released') return <p className="visually-hidden" role="status" />;
  const time = esim.installStateAt ? formatDateTime(esim.installStateAt, i18n.language) : '';
  return (
    <p className={`${installAlerts[state]} esim-delivery__install-state`} role="status">
      {t(`install.${state}`, { time, order: orderNumber, email: site.email, phone: site.phone })}
    </p>
  );
}

function useInstallPlatform(userAgent: string): InstallPlatform | null {
  const [platform, setPlatform] = useState<InstallPlatform | null>(null);
  useEffect(() => {
    let live = true;
    detectInstallPlatform(userAgent).then(
      (found) => live && setPlatform(found),
      () => live && setPlatform({ kind: 'other' }),
    );
    return () => {
      live = false;
    };
  }, [userAgent]);
  return platform;
}

/** This phone's way to install: Apple's link, Android's steps, or the QR from another screen. */
function InstallPath({
  esim,
  platform,
  inApp,
}: {
  esim: EsimProfile;
  platform: InstallPlatform | null;
  /** Inside an app's browser: Apple's link is offered last, as a button that may do nothing. */
  inApp: boolean;
}) {
  const { t } = useTranslation('delivery');
  if (!platform) return null;
  if (platform.kind === 'ios' && platform.canInstallFromLink) {
    return (
      <div className="esim-install">
        <a
          className={`button ${inApp ? '' : 'button--primary '}esim-install__apple`}
          href={appleInstallUrl(esim.activationCode)}
        >
          {t('iphone.install')}
        </a>
        <p className="esim-install__hint">{t(inApp ? 'inApp.appleLater' : 'iphone.installHint')}</p>
      </div>
    );
  }
  if (platform.kind === 'ios') {
    return <p className="esim-install esim-install__hint">{t('iphone.olderIos')}</p>;
  }
  if (platform.kind === 'android') {
    const steps = t('android.steps', { returnObjects: true }) as string[];
    return (
      <div className="esim-install">
        <p className="esim-install__title">{t('android.heading')}</p>
        <ol className="esim-install__steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    );
  }
  return <p className="esim-install esim-install__hint">{t('other')}</p>;
}
