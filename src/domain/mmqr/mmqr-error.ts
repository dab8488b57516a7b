/** Why an MMQR payload could not be encoded, decoded or built. */
export type MmqrErrorCode =
  | 'INVALID_TAG'
  | 'INVALID_VALUE'
  | 'VALUE_TOO_LONG'
  | 'PAYLOAD_TOO_LONG'
  | 'DUPLICATE_TAG'
  | 'TAG_ORDER'
  | 'TRUNCATED'
  | 'MALFORMED'
  | 'INVALID_AMOUNT';

/** The one error type of `lib/mmqr`: a stable `code` and a message that names the tag. */
export class MmqrError extends Error {
  override readonly name = 'MmqrError';
  readonly code: MmqrErrorCode;

  constructor(code: MmqrErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
