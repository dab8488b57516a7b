import QRCode from 'qrcode';
import en from '../../../locales/en/delivery-email.json';
import my from '../../../locales/my/delivery-email.json';
import enPurchase from '../../../locales/en/purchase.json';
import myPurchase from '../../../locales/my/purchase.json';
import { findOperator, findPlan } from '#domain/catalogue';
import { MYANMAR_OFFSET_MS } from '#domain/myanmar-time';
import { parseActivationCode } from './stock-csv';

/**
 * The eSIM email (decision 038): in the buyer's language, from the same locale files as the
 * shop (locales/{en,my}/delivery-email.json; the server cannot use the SPA's i18next), with an
 * HTML and a text part and the activation code's QR code as an inline PNG (Content-ID).
 */

type Texts = typeof en;
const texts: Record<'en' | 'my', Texts> = { en, my };

const planNames = { en: enPurchase.plans.names, my: myPurchase.plans.names };

/**
 * A plan's name as the shop shows it in the buyer's language (decision 133), from the shop's own
 * locale files (purchase:plans.names): "Power User", "ဒေတာ အသုံးများသူ". An unknown id stays as it is.
 */
export function shownPlanName(planId: string, language: 'en' | 'my'): string {
  const plan = findPlan(planId);
  return plan ? (planNames[language] ?? planNames.en)[plan.id] : planId;
}

/** The Content-ID of the inline QR code image. */
export const QR_CID = 'esim-qr@esim-myanmar';

export type EsimEmailInput = {
  to: string;
  from: string;
  language: 'en' | 'my';
  number: string;
  planId: string;
  operatorId: string;
  iccid: string;
  activationCode: string;
  /** `${SHOP_URL}/#/order/<id>?token=<token>`, or null when the token is not known. */
  link: string | null;
  /** The order was held for the bank: the email opens by saying the eSIM is now released. */
  released?: boolean;
};

export type EmailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType: string; cid: string }[];
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * A time on Myanmar's clock, as the order number reads it (issue #44), whatever the server's
 * zone: "28 Nov 2026, 05:16 (Myanmar time)", or in Burmese with Myanmar digits and month
 * ("မြန်မာ စံတော်ချိန် ၂၀၂၆ နိုဝင်ဘာ ၂၈၊ ၀၅:၁၆"), as the shop's screens write it.
 */
export function myanmarDateTime(ms: number, language: 'en' | 'my'): string {
  const t = texts[language] ?? texts.en;
  const wall = new Date(ms + MYANMAR_OFFSET_MS);
  const utc = { timeZone: 'UTC' } as const;
  const time =
    language === 'my'
      ? `${new Intl.DateTimeFormat('my', { dateStyle: 'long', ...utc }).format(wall)}၊ ${new Intl.DateTimeFormat('my', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...utc }).format(wall)}`
      : new Intl.DateTimeFormat('en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
          hourCycle: 'h23',
          ...utc,
        }).format(wall);
  return fill(t.myanmarTime, { time });
}

/** The activation code as a QR code PNG, large enough to scan from another screen. */
export const qrPng = (activationCode: string) =>
  QRCode.toBuffer(activationCode, {
    type: 'png',
    width: 480,
    margin: 2,
    errorCorrectionLevel: 'M',
  });

export async function composeEsimEmail(input: EsimEmailInput): Promise<EmailMessage> {
  const t = texts[input.language] ?? texts.en;
  const values = {
    number: input.number,
    plan: shownPlanName(input.planId, input.language),
    operator: findOperator(input.operatorId)?.name ?? input.operatorId,
  };
  const parts = parseActivationCode(input.activationCode);
  const codes: [string, string][] = [
    [t.smdpAddress, parts?.smdpAddress ?? ''],
    [t.matchingId, parts?.matchingId ?? ''],
    [t.fullCode, input.activationCode],
    [t.iccid, input.iccid],
  ];
  // Install before you fly (issue #42): what to do at home, on arrival, and never.
  const facts = t.checklist.items;
  const subject = fill(t.subject, values);

  const released = input.released ? [t.held.released] : [];
  const text = [
    fill(t.greeting, values),
    ...released,
    fill(t.intro, values),
    '',
    t.manualTitle,
    t.manualText,
    ...codes.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(input.link ? [t.orderLinkText, input.link, ''] : []),
    t.checklist.title,
    ...facts.map((fact) => `- ${fact}`),
    '',
    fill(t.footer, values),
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:'Noto Sans Myanmar',Arial,sans-serif;line-height:1.6;color:#111;max-width:600px;margin:0 auto;padding:16px">
<p>${e(fill(t.greeting, values))}</p>
${released.map((line) => `<p><strong>${e(line)}</strong></p>`).join('')}
<p>${e(fill(t.intro, values))}</p>
<p style="text-align:center"><img src="cid:${QR_CID}" alt="${e(t.qrAlt)}" width="320" height="320" style="width:320px;height:320px"></p>
<h2 style="font-size:18px">${e(t.manualTitle)}</h2>
<p>${e(t.manualText)}</p>
<table role="presentation" style="border-collapse:collapse">
${codes
  .map(
    ([label, value]) =>
      `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${e(label)}</th><td style="padding:4px 0;font-family:monospace;word-break:break-all">${e(value)}</td></tr>`,
  )
  .join('\n')}
</table>
${
  input.link
    ? `<p>${e(t.orderLinkText)}<br><a href="${e(input.link)}">${e(t.orderLinkLabel)}</a></p>`
    : ''
}
<h2 style="font-size:18px">${e(t.checklist.title)}</h2>
<ol>${facts.map((fact) => `<li>${e(fact)}</li>`).join('')}</ol>
<p>${e(fill(t.footer, values))}</p>
</body></html>`;

  return {
    from: input.from,
    to: input.to,
    subject,
    text,
    html,
    attachments: [
      {
        filename: 'esim-qr.png',
        content: await qrPng(input.activationCode),
        contentType: 'image/png',
        cid: QR_CID,
      },
    ],
  };
}

export type HeldEmailInput = {
  to: string;
  from: string;
  language: 'en' | 'my';
  number: string;
  planId: string;
  operatorId: string;
  /** When the bank's confirmation is usually in (epoch ms), or null when none is promised. */
  promisedBy: number | null;
  link: string | null;
};

/**
 * The email of a paid order held for the bank (issue #44 item 2): the receipt is checked, the
 * eSIM is released once the bank confirms (usually by the promised time, on Myanmar's clock),
 * it comes by email then, and the order page shows where it stands meanwhile.
 */
export function composeHeldEmail(input: HeldEmailInput): EmailMessage {
  const t = (texts[input.language] ?? texts.en).held;
  const values = {
    number: input.number,
    plan: shownPlanName(input.planId, input.language),
    operator: findOperator(input.operatorId)?.name ?? input.operatorId,
    time: input.promisedBy === null ? '' : myanmarDateTime(input.promisedBy, input.language),
  };
  const subject = fill(t.subject, values);
  const intro = fill(input.promisedBy === null ? t.introSoon : t.intro, values);
  const footer = fill((texts[input.language] ?? texts.en).footer, values);
  const text = [
    intro,
    t.next,
    '',
    ...(input.link ? [t.orderLinkText, input.link, ''] : []),
    footer,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:'Noto Sans Myanmar',Arial,sans-serif;line-height:1.6;color:#111;max-width:600px;margin:0 auto;padding:16px">
<p>${e(intro)}</p>
<p>${e(t.next)}</p>
${
  input.link
    ? `<p>${e(t.orderLinkText)}<br><a href="${e(input.link)}">${e((texts[input.language] ?? texts.en).orderLinkLabel)}</a></p>`
    : ''
}
<p>${e(footer)}</p>
</body></html>`;
  return { from: input.from, to: input.to, subject, text, html, attachments: [] };
}

/** A staff alert's subject and text (English: a staff tool). */
export type LookupEmailInput = {
  to: string;
  from: string;
  language: 'en' | 'my';
  orders: { number: string; planId: string; operatorId: string; link: string }[];
};

/** Find my eSIMs (decision 073): the links of the address's paid orders, in its language. */
export function composeLookupEmail(input: LookupEmailInput): EmailMessage {
  const t = (texts[input.language] ?? texts.en).lookup;
  const lines = input.orders.map((order) => {
    const values = {
      number: order.number,
      plan: shownPlanName(order.planId, input.language),
      operator: findOperator(order.operatorId)?.name ?? order.operatorId,
    };
    return { title: fill(t.order, values), label: fill(t.open, values), link: order.link };
  });
  const text = [
    t.intro,
    '',
    ...lines.flatMap((line) => [line.title, line.link, '']),
    t.private,
    t.notYou,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(t.subject)}</title></head>
<body style="font-family:'Noto Sans Myanmar',Arial,sans-serif;line-height:1.6;color:#111;max-width:600px;margin:0 auto;padding:16px">
<p>${e(t.intro)}</p>
<ul>${lines
    .map(
      (line) =>
        `<li><p>${e(line.title)}<br><a href="${e(line.link)}">${e(line.label)}</a></p></li>`,
    )
    .join('')}</ul>
<p>${e(t.private)}</p>
<p>${e(t.notYou)}</p>
</body></html>`;
  return { from: input.from, to: input.to, subject: t.subject, text, html, attachments: [] };
}

/** The staff alert for an order paid while its plan is out of stock (English: staff tool). */
export function staffAlertText(payload: StaffAlertPayload): { subject: string; text: string } {
  if (payload.event === 'order.bank_suspect') {
    return {
      subject: `Suspect payment: order ${payload.number} is not on the bank statement`,
      text: [
        `Order ${payload.number} was paid at ${new Date(payload.paidAt).toISOString()} (transaction`,
        `${payload.transactionId ?? 'unknown'}), inside the statement imported for`,
        `${new Date(payload.periodStart).toISOString()} – ${new Date(payload.periodEnd).toISOString()},`,
        'but the statement has no line for it. Check the merchant account, then confirm or reject',
        'the payment on the staff page (Reconciliation); rejecting withdraws a delivered eSIM.',
      ].join('\n'),
    };
  }
  if (payload.event === 'payment.notification_unmatched') {
    return {
      subject: `Bank notification settled no order: ${payload.number} (${payload.reason})`,
      text: [
        `The bank notified a payment of ${payload.amount} MMK (transaction ${payload.transactionId},`,
        `event ${payload.eventId}) at ${new Date(payload.paidAt).toISOString()} for ${payload.number}.`,
        `It settled no order: ${UNMATCHED_REASONS[payload.reason] ?? payload.reason}.`,
        'Check the merchant account and the order on the staff page (Reconciliation).',
      ].join('\n'),
    };
  }
  if (payload.event === 'order.bank_mismatch') {
    return {
      subject: `Bank statement disagrees with order ${payload.number} (${payload.reason})`,
      text: [
        `The statement line of transaction ${payload.transactionId} (${payload.amount} MMK at`,
        `${new Date(payload.paidAt).toISOString()}, reference ${payload.reference ?? 'none'}) does not`,
        `agree with order ${payload.number}: ${UNMATCHED_REASONS[payload.reason] ?? payload.reason}.`,
        'Its bank state is now mismatch and a held eSIM stays held. Check the merchant account,',
        'then confirm or reject the payment on the staff page (Reconciliation).',
      ].join('\n'),
    };
  }
  if (payload.event === 'payment.notification_reused') {
    return {
      subject: `Bank notification reuses a transaction: ${payload.transactionId} for ${payload.number}`,
      text: [
        `The bank notified transaction ${payload.transactionId} (${payload.amount} MMK, event`,
        `${payload.eventId}) for ${payload.number}, but that transaction already settled another`,
        `order (${payload.paidOrderId}). Check both orders on the staff page (Reconciliation).`,
      ].join('\n'),
    };
  }
  if (payload.event === 'order.held_overdue') {
    return {
      subject: `Held past its promised time: order ${payload.number}`,
      text: [
        `Order ${payload.number} was paid at ${new Date(payload.paidAt).toISOString()} and its eSIM is`,
        `held for the bank's confirmation (bank state: ${payload.bankState}). The buyer was told it`,
        `follows by ${new Date(payload.promisedBy).toISOString()}, and that time has passed.`,
        'Import the statement or check the merchant account, then confirm or reject the payment on',
        'the staff page (Reconciliation).',
      ].join('\n'),
    };
  }
  if (payload.event === 'order.payee_not_shown') {
    return {
      subject: `Delivered on a screenshot without the payee: order ${payload.number}`,
      text: [
        `Order ${payload.number} was paid at ${new Date(payload.paidAt).toISOString()} on a screenshot`,
        'that does not show who was paid. DELIVERY_POLICY=instant delivered it; check the merchant',
        'account and confirm or reject the payment on the staff page (Reconciliation).',
      ].join('\n'),
    };
  }
  const subject = `Out of stock: order ${payload.number} (${payload.operatorId} ${payload.planId}) is waiting`;
  const text = [
    `Order ${payload.number} was paid at ${new Date(payload.paidAt).toISOString()} but there is no`,
    `${payload.operatorId} / ${payload.planId} profile in stock.`,
    `The buyer was promised the eSIM by ${new Date(payload.promisedBy).toISOString()}.`,
    'Import stock (npm run stock -- import file.csv, or POST /api/staff/stock): waiting orders are',
    'delivered in order of payment as soon as it arrives.',
  ].join('\n');
  return { subject, text };
}

const UNMATCHED_REASONS: Record<string, string> = {
  no_order: 'no order has that number',
  amount: 'the amount is not the order’s price (the order’s bank state is now mismatch)',
  currency: 'the currency is not the order’s',
  before_order: 'the payment time is before the order was made',
  outside_window: 'the payment time is after the order’s payment window',
  already_confirmed:
    'the bank already confirmed this order with another transaction (a second payment?)',
  order_closed: 'the order was cancelled or paid otherwise',
  reference: 'the reference names another order',
};

export type StaffAlertPayload =
  | {
      event: 'order.waiting_for_stock';
      orderId: string;
      number: string;
      operatorId: string;
      planId: string;
      paidAt: number;
      promisedBy: number;
    }
  /** An imported statement covers the order's payment time and has no line for it. */
  | {
      event: 'order.bank_suspect';
      orderId: string;
      number: string;
      transactionId: string | null;
      paidAt: number;
      periodStart: number;
      periodEnd: number;
    }
  /** A held order whose promised time passed with no word from the bank (issue #44 item 1). */
  | {
      event: 'order.held_overdue';
      orderId: string;
      number: string;
      paidAt: number;
      promisedBy: number;
      bankState: string;
    }
  /** Delivered (DELIVERY_POLICY=instant) on a screenshot that does not show the payee. */
  | { event: 'order.payee_not_shown'; orderId: string; number: string; paidAt: number }
  /** A statement line for the order's transaction that disagrees with it (decision 122). */
  | {
      event: 'order.bank_mismatch';
      orderId: string;
      number: string;
      transactionId: string;
      amount: number;
      paidAt: number;
      reference: string | null;
      reason: string;
    }
  /** A bank notification that settles no order (see payment-notifications' UnmatchedReason). */
  | {
      event: 'payment.notification_unmatched';
      eventId: string;
      number: string;
      transactionId: string;
      amount: number;
      paidAt: number;
      reason: string;
    }
  /** A bank notification whose transaction id settled another order already. */
  | {
      event: 'payment.notification_reused';
      eventId: string;
      number: string;
      transactionId: string;
      amount: number;
      paidAt: number;
      reason: string;
      paidOrderId: string;
    };

export type RequestAnswerInput = {
  to: string;
  from: string;
  language: 'en' | 'my';
  number: string;
  outcome: 'refunded' | 'replaced' | 'refused';
  staffReason: string | null;
  bankReference: string | null;
};

/** The answer to a buyer's refund or replacement request (issue #41), in the order's language. */
export function composeRequestAnswerEmail(input: RequestAnswerInput): EmailMessage {
  const t = (texts[input.language] ?? texts.en).request;
  const values = { number: input.number };
  const lines = [
    fill(t[input.outcome], values),
    ...(input.bankReference ? [fill(t.reference, { reference: input.bankReference })] : []),
    ...(input.staffReason ? [fill(t.because, { reason: input.staffReason })] : []),
    t.footer,
  ];
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(fill(t.subject, values))}</title></head>
<body style="font-family:'Noto Sans Myanmar',Arial,sans-serif;line-height:1.6;color:#111;max-width:600px;margin:0 auto;padding:16px">
${lines.map((line) => `<p>${e(line)}</p>`).join('\n')}
</body></html>`;
  return {
    from: input.from,
    to: input.to,
    subject: fill(t.subject, values),
    text: lines.join('\n\n'),
    html,
    attachments: [],
  };
}
