/**
 * What the page and the service worker (src/sw/service-worker.ts) say to each other, and the
 * names of the worker's two caches (issue #42, decision 111).
 */
export const offlineCaches = {
  /** index.html, under the scope's URL: the one page every route is drawn in. */
  shell: 'shop-page',
  /** The built files under assets/ (code, texts, fonts), each named by its content. */
  assets: 'shop-assets',
} as const;

/** The page asks the worker to keep the files it was drawn with (and index.html). */
export type KeepMessage = { type: 'keep-for-offline'; urls: string[] };
/** The worker's answer, on the message's port: whether everything asked for is kept. */
export type KeepReply = { type: 'kept'; ok: boolean };

export const keepMessage = (urls: string[]): KeepMessage => ({ type: 'keep-for-offline', urls });
export const keepReply = (ok: boolean): KeepReply => ({ type: 'kept', ok });

export function isKeepMessage(value: unknown): value is KeepMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<KeepMessage>;
  return (
    message.type === 'keep-for-offline' &&
    Array.isArray(message.urls) &&
    message.urls.every((url) => typeof url === 'string')
  );
}

export function isKeepReply(value: unknown): value is KeepReply {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Partial<KeepReply>;
  return reply.type === 'kept' && typeof reply.ok === 'boolean';
}
