import { crc16ccitt } from './crc16.ts';
import { MmqrError } from './mmqr-error.ts';
import { assertPayloadLength, decodeTlv, encodeTlv, type TlvField } from './tlv.ts';

/** Globally unique identifier of the MMQR scheme (tag 26, sub-tag 00). */
export const MMQR_GUID = 'com.mmqrpay.www';

export type MmqrLanguage = { merchantNameMy: string; merchantCityMy: string };

export type MmqrPayloadInput = {
  merchantId: string;
  terminalId: string;
  merchantName: string;
  /** Defaults to `Yangon`. */
  merchantCity?: string;
  /** In kyat; written with exactly two decimals. */
  amount: number;
  /** The order number, e.g. `#NXR-20261121-214501`. */
  billNumber: string;
  /** Adds the tag 64 template with the Burmese name and city. */
  language?: MmqrLanguage;
};

export type ParsedMmqrPayload = {
  amount: number | undefined;
  currency: string | undefined;
  country: string | undefined;
  merchantName: string | undefined;
  merchantCity: string | undefined;
  billNumber: string | undefined;
  merchantId: string | undefined;
  terminalId: string | undefined;
  language:
    | {
        code: string | undefined;
        merchantName: string | undefined;
        merchantCity: string | undefined;
      }
    | undefined;
  crcValid: boolean;
};

/** Builds a dynamic MMQR payload (MMK, MM, MCC 4814) ending in its CRC. */
export function buildMmqrPayload(input: MmqrPayloadInput): string {
  const fields: TlvField[] = [
    { tag: '00', value: '01' },
    { tag: '01', value: '12' },
    {
      tag: '26',
      value: [
        { tag: '00', value: MMQR_GUID },
        { tag: '01', value: input.merchantId },
        { tag: '02', value: input.terminalId },
      ],
    },
    { tag: '52', value: '4814' },
    { tag: '53', value: '104' },
    { tag: '54', value: formatAmount(input.amount) },
    { tag: '58', value: 'MM' },
    { tag: '59', value: input.merchantName },
    { tag: '60', value: input.merchantCity ?? 'Yangon' },
    { tag: '62', value: [{ tag: '01', value: input.billNumber }] },
  ];
  if (input.language !== undefined) {
    fields.push({
      tag: '64',
      value: [
        { tag: '00', value: 'MY' },
        { tag: '01', value: input.language.merchantNameMy },
        { tag: '02', value: input.language.merchantCityMy },
      ],
    });
  }
  // Encoded once: tag 63 (length 04) and the CRC of everything before its digits follow.
  const body = `${encodeTlv(fields)}6304`;
  const payload = `${body}${crc16ccitt(body)}`;
  assertPayloadLength(payload);
  return payload;
}

/** Whether the payload ends in `6304` + the CRC of everything before the CRC digits. */
export function verifyCrc(payload: string): boolean {
  const match = /6304([0-9A-Fa-f]{4})$/.exec(payload);
  if (match?.[1] === undefined) return false;
  return crc16ccitt(payload.slice(0, -4)) === match[1].toUpperCase();
}

/** Decodes a merchant-presented payload; throws `MmqrError` when it is malformed. */
export function parseMmqrPayload(payload: string): ParsedMmqrPayload {
  const fields = decodeTlv(payload, { nested: true });
  if (fields[0]?.tag !== '00') {
    throw new MmqrError('TAG_ORDER', 'Tag 00 (payload format indicator) must come first');
  }
  if (fields.at(-1)?.tag !== '63') {
    throw new MmqrError('TAG_ORDER', 'Tag 63 (CRC) must come last');
  }
  const account = fields
    .map((field) => (Array.isArray(field.value) ? field.value : undefined))
    .find((template) => textOf(template, '00') === MMQR_GUID);
  const language = templateOf(fields, '64');
  const amountText = textOf(fields, '54');
  return {
    amount: amountText === undefined ? undefined : parseAmount(amountText),
    currency: textOf(fields, '53'),
    country: textOf(fields, '58'),
    merchantName: textOf(fields, '59'),
    merchantCity: textOf(fields, '60'),
    billNumber: textOf(templateOf(fields, '62'), '01'),
    merchantId: textOf(account, '01'),
    terminalId: textOf(account, '02'),
    language:
      language === undefined
        ? undefined
        : {
            code: textOf(language, '00'),
            merchantName: textOf(language, '01'),
            merchantCity: textOf(language, '02'),
          },
    crcValid: verifyCrc(payload),
  };
}

function formatAmount(amount: number): string {
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new MmqrError(
      'INVALID_AMOUNT',
      `Tag 54 (transaction amount) must be above 0, got ${amount}`,
    );
  }
  const cents = Math.round(amount * 100);
  // The tolerance absorbs binary rounding (0.1 + 0.2) but not a third decimal place.
  if (Math.abs(amount * 100 - cents) > 1e-3) {
    throw new MmqrError(
      'INVALID_AMOUNT',
      `Tag 54 (transaction amount) has more than 2 decimals: ${amount}`,
    );
  }
  const text = (cents / 100).toFixed(2);
  if (!/^\d+\.\d{2}$/.test(text)) {
    throw new MmqrError(
      'INVALID_AMOUNT',
      `Tag 54 (transaction amount) cannot be written: ${amount}`,
    );
  }
  return text;
}

function parseAmount(text: string): number {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) {
    throw new MmqrError('INVALID_AMOUNT', `Tag 54 (transaction amount) is not a number: "${text}"`);
  }
  return Number(text);
}

function templateOf(fields: readonly TlvField[], tag: string): TlvField[] | undefined {
  const value = fields.find((field) => field.tag === tag)?.value;
  return Array.isArray(value) ? value : undefined;
}

function textOf(fields: readonly TlvField[] | undefined, tag: string): string | undefined {
  const value = fields?.find((field) => field.tag === tag)?.value;
  return typeof value === 'string' ? value : undefined;
}
