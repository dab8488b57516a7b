import nodemailer from 'nodemailer';
import { safeError } from '../platform/log-safe';
import { pruneIdempotencyKeys } from '../platform/idempotency';
import type { messageOutbox } from '../db/schema';
import type { Deps } from '../deps';
import {
  composeEsimEmail,
  composeHeldEmail,
  composeLookupEmail,
  composeRequestAnswerEmail,
  staffAlertText,
  type StaffAlertPayload,
} from './message-texts';
import { LOOKUP_EMAIL, resolveOrderLookup, type LookupEmailPayload } from '../orders/order-lookup';
import { REQUEST_ANSWER_EMAIL, type RequestAnswerEmailPayload } from '../orders/requests';
import {
  deliverWaiting,
  ESIM_EMAIL,
  HELD_EMAIL,
  markDelivered,
  ORDER_PAID,
  profileOf,
  pruneSentEmails,
  STAFF_ALERT_EMAIL,
  STAFF_ALERT_WEBHOOK,
  type EsimEmailPayload,
  type HeldEmailPayload,
} from './esim-delivery';
import { repeatRounds } from '../platform/rounds';
import { alertOverdueHeld } from './delivery-policy';
import {
  dueOutboxIds,
  forgetOutboxAddress,
  leaseOutboxRows,
  markOutboxSent,
  noteOutboxFailure,
  orderRow,
} from './queries';

/**
 * The outbox worker (decision 039): every few seconds it claims due rows (a lease: their
 * next_attempt_at moves past the send, so another copy of the server skips them), sends them
 * outside any transaction, then records the result. A failed send is tried again after
 * 30 s, 1 min, 2 min … at most an hour apart, without end: a mail server that is down delays
 * the eSIM email, never loses it. Staff see the attempts and the last error.
 */

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
};

export type Mailer = { send(message: MailMessage): Promise<void> };

/** SMTP through nodemailer (SMTP_URL: smtp://user:password@host:port or smtps://…). */
export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return { send: async (message) => void (await transport.sendMail(message)) };
}

export const KINDS = [
  ESIM_EMAIL,
  HELD_EMAIL,
  STAFF_ALERT_EMAIL,
  STAFF_ALERT_WEBHOOK,
  ORDER_PAID,
  LOOKUP_EMAIL,
  REQUEST_ANSWER_EMAIL,
];
/** Kinds whose address and order link are forgotten once sent. */
const FORGET_ON_SEND = [LOOKUP_EMAIL, HELD_EMAIL, REQUEST_ANSWER_EMAIL];
/** Kinds posted to the staff webhook; the others need a mailer. */
const WEBHOOK_KINDS = [STAFF_ALERT_WEBHOOK, ORDER_PAID];
/** How long a claimed row is left alone while it is being sent. */
export const LEASE_MS = 2 * 60_000;
const BATCH = 10;
/** The sent eSIM email's address and order link are kept this long (for staff resends). */
export const SENT_EMAIL_KEEP_MS = 30 * 24 * 60 * 60_000;

/** The wait after the n-th failed attempt: 30 s doubling, at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

export type MessageOutboxWorker = {
  /** One round: serve waiting orders, send what is due. Resolves with what happened. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  start(): void;
  /** Stops the interval and waits for a round in progress. */
  stop(): Promise<void>;
};

type Row = typeof messageOutbox.$inferSelect;

export function createMessageOutboxWorker(
  deps: Deps,
  options: { mailer?: Mailer | undefined; fetch?: typeof fetch } = {},
): MessageOutboxWorker {
  const { database, logger, config } = deps;
  const { db } = database;
  const send = options.fetch ?? fetch;
  const kinds = KINDS.filter((kind) => WEBHOOK_KINDS.includes(kind) || options.mailer);

  async function claim(now: number): Promise<Row[]> {
    if (kinds.length === 0) return [];
    return db.transaction(async (tx) => {
      const due = await dueOutboxIds(tx, {
        now: new Date(now),
        kinds,
        esimKind: ESIM_EMAIL,
        limit: BATCH,
      });
      if (due.length === 0) return [];
      return leaseOutboxRows(
        tx,
        due.map((row) => row.id),
        new Date(now + LEASE_MS),
      );
    });
  }

  /**
   * Sends the row's message; false: it had nothing to send (a lookup that found no order, a held
   * order released before its email).
   */
  async function deliver(row: Row): Promise<boolean> {
    if (row.kind === HELD_EMAIL) {
      const payload = row.payload as HeldEmailPayload;
      const [order] = await orderRow(db, row.orderId!);
      // Released (or withdrawn) meanwhile: the eSIM email says what happened instead.
      if (order?.deliveryState !== 'held') return false;
      if (!payload.to) throw new Error('No address for this email');
      await options.mailer!.send(
        composeHeldEmail({
          to: payload.to,
          from: config.delivery.mailFrom,
          language: payload.language,
          number: order.number,
          planId: order.planId,
          operatorId: order.operatorId,
          promisedBy: payload.promisedBy,
          link: payload.link,
        }),
      );
    } else if (row.kind === ESIM_EMAIL) {
      const payload = row.payload as EsimEmailPayload;
      const [order] = await orderRow(db, row.orderId!);
      const profile = await profileOf(db, row.orderId!);
      if (!order || !profile || !payload.to) throw new Error('No eSIM or address for this email');
      await options.mailer!.send(
        await composeEsimEmail({
          to: payload.to,
          from: config.delivery.mailFrom,
          language: payload.language,
          number: order.number,
          planId: order.planId,
          operatorId: order.operatorId,
          iccid: profile.iccid,
          activationCode: profile.activationCode,
          link: payload.link,
          released: payload.held === true,
        }),
      );
    } else if (row.kind === LOOKUP_EMAIL) {
      const payload = await resolveOrderLookup(deps, row.id, row.payload as LookupEmailPayload);
      if (payload.orders.length === 0) return false;
      if (!payload.to) throw new Error('No address for the links');
      await options.mailer!.send(
        composeLookupEmail({
          to: payload.to,
          from: config.delivery.mailFrom,
          language: payload.language,
          orders: payload.orders,
        }),
      );
    } else if (row.kind === REQUEST_ANSWER_EMAIL) {
      const payload = row.payload as RequestAnswerEmailPayload;
      if (!payload.to) throw new Error('No address for this answer');
      await options.mailer!.send(
        composeRequestAnswerEmail({ ...payload, to: payload.to, from: config.delivery.mailFrom }),
      );
    } else if (row.kind === STAFF_ALERT_EMAIL) {
      const to = config.delivery.staffEmail;
      if (!to) throw new Error('STAFF_EMAIL is not set');
      const { subject, text } = staffAlertText(row.payload as StaffAlertPayload);
      await options.mailer!.send({ from: config.delivery.mailFrom, to, subject, text });
    } else {
      const url = config.delivery.staffWebhookUrl;
      if (!url) throw new Error('STAFF_WEBHOOK_URL is not set');
      const response = await send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `outbox-${row.id}` },
        body: JSON.stringify(row.payload),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
    }
    return true;
  }

  async function settle(row: Row, error: unknown) {
    const now = deps.now();
    const attempts = row.attempts + 1;
    if (!error) {
      await db.transaction(async (tx) => {
        await markOutboxSent(tx, row.id, new Date(now), attempts);
        if (row.kind === ESIM_EMAIL && row.orderId) await markDelivered(tx, row.orderId, now);
        // Sent: the address and the links (tokens) of a lookup, held or answer email are not kept.
        if (FORGET_ON_SEND.includes(row.kind)) {
          await forgetOutboxAddress(tx, row.id);
        }
      });
      return;
    }
    // Kept for staff and logged: without any address the mail server's answer may quote.
    const message = (error instanceof Error ? error.message : String(error))
      .replace(/[^\s<>"'@,;:]+@[^\s<>"'@,;:]+/g, '<address>')
      .slice(0, 500);
    await noteOutboxFailure(db, row.id, {
      attempts,
      lastError: message,
      nextAttemptAt: new Date(now + backoffMs(attempts)),
    });
    // The log names the row and the error, never the address or the link.
    logger.warn({ outboxId: row.id, kind: row.kind, attempts, err: message }, 'send failed');
  }

  async function runOnce() {
    let sent = 0;
    let failed = 0;
    await deliverWaiting(deps);
    await alertOverdueHeld(deps);
    const rows = await claim(deps.now());
    for (const row of rows) {
      let error: unknown = null;
      try {
        if (await deliver(row)) sent += 1;
      } catch (caught) {
        error = caught ?? new Error('send failed');
        failed += 1;
      }
      await settle(row, error);
    }
    await pruneSentEmails(deps, SENT_EMAIL_KEEP_MS);
    await pruneIdempotencyKeys(deps);
    return { sent, failed };
  }

  const rounds = repeatRounds(runOnce, config.delivery.outboxIntervalMs, (error) =>
    logger.error({ err: safeError(error) }, 'outbox round failed'),
  );
  return { runOnce, start: rounds.start, stop: rounds.stop };
}
