import { routeForPath, type RouteName } from '#domain/paths';

/** Where a link in a reply may go. Anything else is shown as plain text. */
export type ChatLink =
  { kind: 'route'; route: RouteName } | { kind: 'external'; href: string } | { kind: 'none' };

const EXTERNAL_PROTOCOLS = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/**
 * Decides what a Markdown link target is: a route of the shop ('/buy-esim', '#/buy-esim', or a
 * full URL to this site), a safe external link (http, https, mailto, tel), or nothing
 * (javascript:, data:, unknown routes ...).
 */
export function resolveChatLink(
  href: string,
  site: { origin: string; pathname: string },
): ChatLink {
  const target = href.trim();
  if (/^#?\//.test(target) && !target.startsWith('//')) {
    const route = routeForPath(target);
    return route ? { kind: 'route', route } : { kind: 'none' };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { kind: 'none' };
  }
  if (!EXTERNAL_PROTOCOLS.has(url.protocol)) return { kind: 'none' };
  if (url.origin === site.origin && (url.protocol === 'https:' || url.protocol === 'http:')) {
    const base = site.pathname.replace(/[^/]*$/, '');
    const onApp = url.pathname === site.pathname || url.pathname === base;
    const route = onApp
      ? routeForPath(url.hash || '/')
      : routeForPath(`/${url.pathname.slice(base.length)}`);
    return route ? { kind: 'route', route } : { kind: 'none' };
  }
  return { kind: 'external', href: url.href };
}
