/** Myanmar digits (၀-၉) and ASCII digits, both ways; pure, for the shop and the server. */

/** Western digits written as Myanmar digits (၀-၉). */
export const burmeseDigits = (value: number | string) =>
  String(value).replace(/\d/g, (digit) => String.fromCharCode(0x1040 + Number(digit)));

/** Myanmar digits (၀-၉) as ASCII digits, for reading what people type or what a model read. */
export const asciiDigits = (text: string) =>
  text.replace(/[\u1040-\u1049]/g, (digit) => String(digit.charCodeAt(0) - 0x1040));
