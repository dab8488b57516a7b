/**
 * Types for ua-parser-js 1.x, which ships none (decision 008: 1.x is MIT, 2.x is AGPL). Only
 * the part that detect-device reads is declared; a field the parser cannot tell is undefined.
 * The package is CommonJS (`module.exports = UAParser`, with `UAParser.UAParser` as well), so
 * both the default and the named import give the constructor.
 */
declare module 'ua-parser-js' {
  export type UAParserDevice = { vendor?: string; model?: string; type?: string };
  export type UAParserOs = { name?: string; version?: string };

  export type UAParserResult = {
    ua: string;
    device: UAParserDevice;
    os: UAParserOs;
  };

  export class UAParser {
    constructor(userAgent?: string);
    getResult(): UAParserResult;
  }

  export default UAParser;
}
