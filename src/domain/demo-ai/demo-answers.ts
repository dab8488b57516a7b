import en from '../../../locales/en/demo.json';
import my from '../../../locales/my/demo.json';
import { paths, type RouteName } from '../paths';
import { allText, lastUserText, textResponse, type GeminiRequestBody } from './gemini-rest';

/**
 * Deterministic stand-ins for the model, one per task. They read the request the way the
 * real service does (schema, prompt, modalities) and answer in the same JSON shapes.
 */
type Texts = typeof en;

const textsFor = (body: GeminiRequestBody): Texts => (/in Burmese/.test(allText(body)) ? my : en);

const schemaFields = (body: GeminiRequestBody) =>
  Object.keys(body.generationConfig?.responseSchema?.properties ?? {});

function receiptAnswer(body: GeminiRequestBody, texts: Texts) {
  // The note receipt.ts adds in demo mode only (demoReceiptNote); the real prompt has no order.
  const note = /Demo receipt: (\S+) (\d+(?:\.\d+)?) (\w+) (\S+)(?: ([^\n]+))?/.exec(allText(body));
  const order = note?.[1] ?? '';
  const amount = Number(note?.[2] ?? 0);
  const currency = note?.[3] ?? 'MMK';
  const now = new Date(note?.[4] ?? Date.now());
  const digits = order.replace(/\D/g, '').slice(-10).padStart(10, '0');
  return {
    isPaymentConfirmed: true,
    reason: texts.receiptConfirmed,
    transactionId: `DEMO${digits}`,
    amount,
    currency,
    transactionTime: new Date(now.getTime() - 2 * 60_000).toISOString(),
    status: 'SUCCESS',
    // A payment by the order's MMQR code: to the shop, with the order number as its bill number.
    payeeName: note?.[5] ?? null,
    payeeAccount: null,
    paymentKind: 'merchant',
    reference: order || null,
  };
}

function supportAnswer(body: GeminiRequestBody, texts: Texts) {
  const request = /Request: """([\s\S]*)"""/.exec(allText(body))?.[1]?.toLowerCase() ?? '';
  const pick = (
    [
      // A deleted, lost or replaced eSIM is a technical problem first (issue #44), even when
      // the visitor also asks about money.
      [/delet|remov|lost|replac|ဖျက်|ပျောက်|အစားထိုး/, 'technical', 'Technical Support', 'Viber'],
      [/refund|pay|money|charge|receipt|ငွေ/, 'billing', 'Billing Inquiry', 'Email'],
      [
        /qr|install|activat|connect|signal|not work|error|data|ချိတ်|ထည့်/,
        'technical',
        'Technical Support',
        'Viber',
      ],
      [/buy|price|plan|cost|which|ဝယ်|အစီအစဉ်/, 'sales', 'Sales Question', 'FAQ'],
    ] as const
  ).find(([pattern]) => pattern.test(request));
  const [key, category, method] = pick
    ? [pick[1], pick[2], pick[3]]
    : (['general', 'General Feedback', 'Email'] as const);
  const text = texts.support[key];
  return {
    category,
    recommended_action: text.action,
    contact_method: method,
    response_message: text.message,
    email_subject: text.subject,
  };
}

/** The chat's system instruction names its reply language; FAQ text may mention either one. */
function chatTexts(body: GeminiRequestBody, fallback: Texts): Texts {
  const system = (body.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('\n');
  const language = /Reply language: (\w+)/.exec(system)?.[1];
  if (language === 'Burmese') return my;
  if (language === 'English') return en;
  return fallback;
}

/** Demo texts name a route as {{routeName}}; the answer carries its path, as the model's would. */
const withPaths = (text: string): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(paths, name) ? paths[name as RouteName] : whole,
  );

function chatAnswer(body: GeminiRequestBody, fallback: Texts): string {
  const texts = chatTexts(body, fallback);
  const question = lastUserText(body).toLowerCase();
  const topics: [RegExp, keyof Texts['chat']][] = [
    [/activat|install|set ?up|qr|အသက်သွင်း|ထည့်သွင်း/, 'activate'],
    [/plan|price|cost|buy|data|အစီအစဉ်|ဈေး|ဝယ်/, 'plans'],
    [/compatib|phone|device|support esim|ဖုန်း/, 'compatible'],
    [/support|contact|help|ဆက်သွယ်|အကူအညီ/, 'support'],
  ];
  const topic = topics.find(([pattern]) => pattern.test(question))?.[1] ?? 'fallback';
  return withPaths(texts.chat[topic]);
}

function detectAnswer(body: GeminiRequestBody): string {
  const userAgent = /User agent: (.*)/.exec(allText(body))?.[1] ?? '';
  const model = /Android [\d.]+; (?:[a-z]{2}[-_][a-z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?\)/i.exec(
    userAgent,
  )?.[1];
  return model && model !== 'K' ? model.trim() : '';
}

/** The demo answer to a generateContent call, as the JSON body the service would send. */
export function demoGenerateAnswer(body: GeminiRequestBody) {
  const texts = textsFor(body);
  const fields = schemaFields(body);
  if (fields.includes('isPaymentConfirmed'))
    return textResponse(JSON.stringify(receiptAnswer(body, texts)));
  if (fields.includes('isCompatible')) {
    return textResponse(
      JSON.stringify({ isCompatible: 'UNCERTAIN', reason: texts.compatibilityUnknown }),
    );
  }
  if (fields.includes('category')) return textResponse(JSON.stringify(supportAnswer(body, texts)));
  if (/User agent:/.test(allText(body))) return textResponse(detectAnswer(body));
  return textResponse(chatAnswer(body, texts));
}

export const demoChatReply = (body: GeminiRequestBody): string => chatAnswer(body, textsFor(body));
