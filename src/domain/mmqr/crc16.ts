const utf8 = new TextEncoder();

/** The CRC of each byte value, shifted through the 8 bits at once (a byte per step, not a bit). */
const TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) {
    crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
});

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout) over the UTF-8
 * bytes of `input`, as 4 uppercase hex digits. This is the EMVCo QR checksum (tag 63).
 */
export function crc16ccitt(input: string): string {
  let crc = 0xffff;
  for (const byte of utf8.encode(input)) {
    crc = ((crc << 8) & 0xffff) ^ TABLE[(crc >> 8) ^ byte]!;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
