import type { ResourceKey } from 'i18next';

/**
 * Texts that say what happens, where that depends on how the shop runs (issue #24): with its
 * server the eSIM is on screen as soon as the payment is confirmed; without one (static mode)
 * the shop's staff send it. A bundle writes the static text under `key` and the server's under
 * `key__server`; in server mode `key__server` takes the place of `key`. The `__server` keys are
 * then dropped, so nothing reads them by name. Two underscores: the SPEC's own keys may end in
 * `_server` (`contact_form_error_server`), and those are ordinary texts.
 */
export const SERVER_SUFFIX = '__server';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function textsForMode(bundle: ResourceKey, server: boolean): ResourceKey {
  if (Array.isArray(bundle)) {
    return bundle.map((item: unknown) => textsForMode(item as ResourceKey, server)) as ResourceKey;
  }
  if (!isObject(bundle)) return bundle;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bundle)) {
    if (key.endsWith(SERVER_SUFFIX)) continue;
    const serverValue = bundle[`${key}${SERVER_SUFFIX}`];
    const chosen = server && serverValue !== undefined ? serverValue : value;
    out[key] = textsForMode(chosen as ResourceKey, server);
  }
  return out as ResourceKey;
}
