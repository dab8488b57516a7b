import { env } from '../../../config/env';
import { buildMmqrPayload } from '#domain/mmqr/payload';
import type { Order } from './purchase-machine';

/** The merchant-presented MMQR payload of an order (SPEC §7 "Payment QR"). */
export function orderPayload(order: Order, merchant: typeof env.mmqr = env.mmqr): string {
  const { merchantNameMy, merchantCityMy } = merchant;
  return buildMmqrPayload({
    merchantId: merchant.merchantId,
    terminalId: merchant.terminalId,
    merchantName: merchant.merchantName,
    amount: order.price,
    billNumber: order.number,
    ...(merchantNameMy && merchantCityMy ? { language: { merchantNameMy, merchantCityMy } } : {}),
  });
}

/** Drawing a QR code is shared with the eSIM's code (src/lib/qr). */
export { createQrMatrix, qrPath, renderQrPng, type QrMatrix } from '../../../lib/qr';
