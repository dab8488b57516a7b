import { findPlan } from '#domain/catalogue';
import { loadConfig } from '../config';
import { signatureHeader } from '../payments/payment-notifications';
import { runCli } from './run';
import { flag, staffKeyOf } from './staff-client';

/**
 * `npm run payment -- notify <orderNumber> [--amount N]`: signs a payment notification with
 * PAYMENT_NOTIFY_SECRET and sends it to the running server, as the acquirer would (demos, staff
 * tests; issue #23 item 2). Without --amount the order's price is asked from the staff API
 * (STAFF_API_KEY or --key-file).
 */

const USAGE = `Usage:
  npm run payment -- notify <orderNumber> [--amount N] [--transaction ID] [--server URL] [--key-file FILE]
  (the staff key: STAFF_API_KEY or --key-file, never on the command line)`;

async function main(args: string[]): Promise<number> {
  const [command, orderNumber] = args;
  if (command !== 'notify' || !orderNumber || orderNumber.startsWith('--')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const secret = config.bank.notifySecret;
  if (!secret) {
    console.error('Set PAYMENT_NOTIFY_SECRET (the same as the server’s) to sign the notification.');
    return 2;
  }
  const server = (
    flag(args, 'server') ??
    process.env.STAFF_API_URL ??
    `http://${config.host}:${config.port}`
  ).replace(/\/+$/, '');
  let amount = flag(args, 'amount') ? Number(flag(args, 'amount')) : undefined;
  if (amount === undefined) {
    const key = staffKeyOf(args);
    if (!key) {
      console.error(
        'Give --amount N, or a staff key (STAFF_API_KEY or --key-file) to look the order’s price up.',
      );
      return 2;
    }
    const response = await fetch(
      `${server}/api/staff/orders?number=${encodeURIComponent(orderNumber)}`,
      { headers: { Authorization: `Bearer ${key}` } },
    );
    const found = (await response.json()) as { orders?: { planId: string }[] };
    const order = found.orders?.[0];
    if (!response.ok || !order) {
      console.error(`No order ${orderNumber} on ${server}.`);
      return 1;
    }
    amount = findPlan(order.planId)?.price;
  }
  if (!amount || !Number.isInteger(amount) || amount <= 0) {
    console.error('--amount must be a whole number of kyat.');
    return 2;
  }
  const body = JSON.stringify({
    eventId: `cli_${crypto.randomUUID()}`,
    transactionId: flag(args, 'transaction') ?? `BANK${Date.now()}`,
    orderNumber,
    amount,
    currency: 'MMK',
    paidAt: new Date().toISOString(),
  });
  const signature = await signatureHeader(secret, Math.floor(Date.now() / 1000), body);
  const response = await fetch(`${server}/api/payments/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': signature },
    body,
  });
  const answer = await response.text();
  console.log(`${response.status} ${answer}`);
  return response.ok ? 0 : 1;
}

runCli(main);
