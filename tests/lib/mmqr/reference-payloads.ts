/** Published merchant-presented payloads that any correct encoder must reproduce byte for byte. */
export const REFERENCE_PAYLOADS = [
  {
    name: 'PromptPay (Thailand)',
    payload: '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    crc: 'E469',
  },
  {
    name: 'PayNow (Singapore)',
    payload:
      '00020101021226520009SG.PAYNOW010120213S99345678ABCD03011040899991231520400005303702540512.345802SG5912ACME Pte Ltd6009Singapore62110107INV123463041E74',
    crc: '1E74',
  },
  {
    // The example payload of the EMVCo QR Code Specification for Payment Systems, Merchant-Presented
    // Mode, as reproduced verbatim by ericsalim/exemvi (README.md), the dongri/emvco-qrcode example
    // and the npm `emvqr` README. Its tag 64 holds Chinese text, so its CRC is over UTF-8 bytes.
    name: 'EMVCo MPM specification example (Chinese tag 64)',
    payload:
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A',
    crc: 'A13A',
  },
] as const;
