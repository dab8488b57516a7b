/**
 * The one route table. The router and every link use it; no route string lives anywhere else.
 * Paths follow the `#` of the hash router.
 */
export const paths = {
  home: '/',
  buy: '/buy-esim',
  about: '/about',
  compatibility: '/compatibility',
  howItWorks: '/how-it-works',
  whatIsEsim: '/what-is-esim',
  helpCenter: '/help-center',
  contact: '/contact',
  partners: '/partners',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
  refund: '/refund-policy',
  blog: '/blog',
  create: '/create',
  dashboard: '/dashboard',
  status: '/status',
  developers: '/developers',
  audit: '/audit',
  imageGeneration: '/image-generation',
  videoGeneration: '/video-generation',
  /** A buyer's order, opened with its token: `#/order/<id>?token=<token>` (orderHref). */
  order: '/order/:id',
  /** The staff's page: not linked from the public navigation, not indexed. */
  staff: '/staff',
} as const;

export type RouteName = keyof typeof paths;
export type RoutePath = (typeof paths)[RouteName];

export const routeNames = Object.keys(paths) as RouteName[];

/** A plain `href` for a route, for anchors outside the router (e.g. share links). */
export const href = (name: RouteName): string => `#${paths[name]}`;

/** The route whose path equals `path`, if any (used to keep chat links inside the shop). */
export function routeForPath(path: string): RouteName | undefined {
  const clean = path.replace(/^#/, '').split(/[?#]/)[0] || '/';
  return routeNames.find((name) => paths[name] === clean);
}

/**
 * The order page's `href` for an order and its token (the link the buyer keeps), with the
 * buyer's language: the page opens in it on any device (issue #24).
 */
export const orderHref = (id: string, token: string, language?: string): string =>
  `#/order/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}` +
  (language ? `&lang=${encodeURIComponent(language)}` : '');
