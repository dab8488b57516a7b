/**
 * The eSIM delivery of a server order, as the shop's API returns it (`delivery` on ShopOrder,
 * issue #17, the contract in docs/decisions/040). Shared by the purchase result step, the order
 * page and the eSIM install component. Times are epoch ms.
 */
import type { z } from '@hono/zod-openapi';
import type { DeliverySchema } from '../../server/src/orders/schemas';
import {
  DELIVERY_STATES as deliveryStates,
  EMAIL_STATES as emailDeliveryStates,
  INSTALL_STATES as installStates,
  type DeliveryState,
  type EmailState as EmailDeliveryState,
  type InstallState,
} from '#domain/order-life';

export type { DeliveryState, EmailDeliveryState, InstallState };

/** The delivery as the order's answer carries it: the contract's Delivery, inferred (issue #39). */
export type OrderDelivery = z.infer<typeof DeliverySchema>;
export type EsimProfile = NonNullable<OrderDelivery['esim']>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

function readEsim(value: unknown): EsimProfile | null {
  if (!isRecord(value)) return null;
  const iccid = text(value.iccid);
  const activationCode = text(value.activationCode);
  const smdpAddress = text(value.smdpAddress);
  const matchingId = text(value.matchingId);
  if (!iccid || !activationCode || !smdpAddress || !matchingId) return null;
  return {
    iccid,
    activationCode,
    smdpAddress,
    matchingId,
    installState: isOneOf(installStates, value.installState) ? value.installState : null,
    installStateAt:
      typeof value.installStateAt === 'number' && Number.isFinite(value.installStateAt)
        ? value.installStateAt
        : null,
  };
}

/**
 * The delivery of an answer or of the order page's offline copy, or null when it has none or it
 * is not one. An assigned or delivered state without a readable eSIM is not one either: the
 * buyer would be shown nothing. The type is the contract's (OrderDelivery, inferred).
 */
export function readDelivery(value: unknown): OrderDelivery | null {
  if (!isRecord(value) || !isOneOf(deliveryStates, value.state)) return null;
  const esim = readEsim(value.esim);
  if ((value.state === 'assigned' || value.state === 'delivered') && !esim) return null;
  const email = isRecord(value.email) ? value.email : {};
  return {
    state: value.state,
    esim: value.state === 'withdrawn' ? null : esim,
    promisedBy:
      typeof value.promisedBy === 'number' && Number.isFinite(value.promisedBy)
        ? value.promisedBy
        : null,
    reason: value.reason === 'awaiting_bank_confirmation' ? value.reason : null,
    email: {
      state: isOneOf(emailDeliveryStates, email.state) ? email.state : 'not_applicable',
      attempts: typeof email.attempts === 'number' ? email.attempts : 0,
    },
  };
}

/**
 * While the page should ask the server again soon: the eSIM is being ordered from the SM-DP+
 * (seconds), or it is out and the phone has not finished installing it yet.
 */
export function deliveryInProgress(delivery: OrderDelivery | null | undefined): boolean {
  if (!delivery) return false;
  if (delivery.state === 'provisioning') return true;
  if (delivery.state !== 'assigned' && delivery.state !== 'delivered') return false;
  const install = delivery.esim?.installState;
  return install === 'released' || install === 'downloaded';
}

/** Apple's universal link that installs an eSIM on an iPhone (iOS 17.5 and later). */
export const appleInstallUrl = (activationCode: string) =>
  `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`;
