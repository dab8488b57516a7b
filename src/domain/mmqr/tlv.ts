import { MmqrError } from './mmqr-error.ts';

/** One EMV data object; template tags hold sub-fields instead of text. */
export type TlvField = { tag: string; value: string | TlvField[] };

export type DecodeTlvOptions = {
  /** Decode the values of template tags (26-51, 62, 64, 80-99) into sub-fields. Default false. */
  nested?: boolean;
};

/** EMVCo: a whole payload holds at most 512 characters. */
export const MAX_PAYLOAD_LENGTH = 512;

const MAX_VALUE_LENGTH = 99;
const TOP_LEVEL_LIMITS: Readonly<Record<string, number>> = { '54': 13, '59': 25, '60': 15 };
/** Per-sub-tag limits inside a template; `*` applies to every sub-tag. */
const TEMPLATE_LIMITS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  '62': { '*': 25 },
  '64': { '00': 2, '01': 25, '02': 15 },
};
const TAG_NAMES: Readonly<Record<string, string>> = {
  '00': 'payload format indicator',
  '54': 'transaction amount',
  '59': 'merchant name',
  '60': 'merchant city',
  '62': 'additional data',
  '63': 'CRC',
  '64': 'language template',
};

/** Whether a top-level tag is a template holding sub-fields. */
export function isTemplateTag(tag: string): boolean {
  const id = Number(tag);
  return (id >= 26 && id <= 51) || id === 62 || id === 64 || (id >= 80 && id <= 99);
}

/**
 * Length in characters (Unicode code points), as EMVCo counts them: a surrogate pair is one
 * character, a lone surrogate one too (as `Array.from(text).length` counts, without its array).
 */
export function charLength(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}

/** Encodes fields as `tag + 2-digit length + value`; tag 00 must be first, 63 (if any) last. */
export function encodeTlv(fields: readonly TlvField[]): string {
  if (fields[0]?.tag !== '00') {
    throw new MmqrError('TAG_ORDER', 'Tag 00 (payload format indicator) must come first');
  }
  const crcIndex = fields.findIndex((field) => field.tag === '63');
  if (crcIndex !== -1 && crcIndex !== fields.length - 1) {
    throw new MmqrError('TAG_ORDER', 'Tag 63 (CRC) must come last');
  }
  assertUniqueTags(fields.map((field) => field.tag));
  const payload = fields.map((field) => encodeField(field)).join('');
  assertPayloadLength(payload);
  return payload;
}

/** Decodes a TLV string, failing with an `MmqrError` on truncated or malformed input. */
export function decodeTlv(payload: string, options: DecodeTlvOptions = {}): TlvField[] {
  assertPayloadLength(payload);
  return decodeChars(Array.from(payload), options.nested === true);
}

function encodeField(field: TlvField, parent?: string): string {
  const label = labelOf(field.tag, parent);
  if (!/^\d{2}$/.test(field.tag)) {
    throw new MmqrError('INVALID_TAG', `Tag "${field.tag}" must be two digits`);
  }
  let value: string;
  if (typeof field.value === 'string') {
    value = field.value;
  } else {
    if (parent !== undefined || !isTemplateTag(field.tag)) {
      throw new MmqrError(
        'INVALID_VALUE',
        `Tag ${label} is not a template and cannot hold sub-fields`,
      );
    }
    assertUniqueTags(
      field.value.map((sub) => sub.tag),
      field.tag,
    );
    value = field.value.map((sub) => encodeField(sub, field.tag)).join('');
  }
  const length = charLength(value);
  if (length === 0) {
    throw new MmqrError('INVALID_VALUE', `Tag ${label} is empty`);
  }
  const limit = limitOf(field.tag, parent);
  if (length > limit) {
    throw new MmqrError(
      'VALUE_TOO_LONG',
      `Tag ${label} is ${length} characters long; at most ${limit} are allowed`,
    );
  }
  return `${field.tag}${String(length).padStart(2, '0')}${value}`;
}

function decodeChars(chars: readonly string[], nested: boolean, parent?: string): TlvField[] {
  const where = parent === undefined ? '' : ` inside tag ${parent}`;
  const fields: TlvField[] = [];
  let position = 0;
  while (position < chars.length) {
    const header = chars.slice(position, position + 4);
    if (header.length < 4) {
      throw new MmqrError(
        'TRUNCATED',
        `Truncated data at character ${position}${where}: "${header.join('')}" is not a tag and length`,
      );
    }
    const headerText = header.join('');
    if (!/^\d{4}$/.test(headerText)) {
      throw new MmqrError(
        'MALFORMED',
        `Malformed tag and length "${headerText}" at character ${position}${where}`,
      );
    }
    const tag = headerText.slice(0, 2);
    const length = Number(headerText.slice(2));
    const label = labelOf(tag, parent);
    if (length === 0) {
      throw new MmqrError('MALFORMED', `Tag ${label} has length 00${where}`);
    }
    const start = position + 4;
    if (start + length > chars.length) {
      throw new MmqrError(
        'TRUNCATED',
        `Tag ${label} declares ${length} characters but only ${chars.length - start} remain`,
      );
    }
    const text = chars.slice(start, start + length);
    const value =
      nested && parent === undefined && isTemplateTag(tag)
        ? decodeChars(text, false, tag)
        : text.join('');
    fields.push({ tag, value });
    position = start + length;
  }
  assertUniqueTags(
    fields.map((field) => field.tag),
    parent,
  );
  return fields;
}

function limitOf(tag: string, parent?: string): number {
  if (parent === undefined) return TOP_LEVEL_LIMITS[tag] ?? MAX_VALUE_LENGTH;
  const limits = TEMPLATE_LIMITS[parent];
  return limits?.[tag] ?? limits?.['*'] ?? MAX_VALUE_LENGTH;
}

function labelOf(tag: string, parent?: string): string {
  if (parent !== undefined) return `${parent}.${tag}`;
  const name = TAG_NAMES[tag];
  return name === undefined ? tag : `${tag} (${name})`;
}

function assertUniqueTags(tags: readonly string[], parent?: string): void {
  const duplicate = tags.find((tag, index) => tags.indexOf(tag) !== index);
  if (duplicate !== undefined) {
    throw new MmqrError(
      'DUPLICATE_TAG',
      `Tag ${labelOf(duplicate, parent)} appears more than once`,
    );
  }
}

/** Throws `PAYLOAD_TOO_LONG` for a payload over {@link MAX_PAYLOAD_LENGTH} characters. */
export function assertPayloadLength(payload: string): void {
  const length = charLength(payload);
  if (length > MAX_PAYLOAD_LENGTH) {
    throw new MmqrError(
      'PAYLOAD_TOO_LONG',
      `Payload is ${length} characters long; at most ${MAX_PAYLOAD_LENGTH} are allowed`,
    );
  }
}
