import { env } from './env';
import { withoutJoiners } from '../lib/i18n/burmese-breaks';

export type SocialNetwork = keyof typeof env.social;

/** Social networks in the order they are shown; one without a configured URL is not shown. */
export const socialOrder: SocialNetwork[] = [
  'facebook',
  'viber',
  'telegram',
  'youtube',
  'tiktok',
  'instagram',
  'twitter',
  'messenger',
];

export const socialLinks = socialOrder.flatMap((network) => {
  const url = env.social[network];
  return url ? [{ network, url }] : [];
});

export const site = {
  brandName: env.brandName,
  email: env.contact.email,
  phone: env.contact.phone,
  viberNumber: env.contact.viber,
  downloadAppUrl: env.downloadAppUrl,
} as const;

/** `tel:` form of a displayed phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Viber's share sheet with `text` written: the buyer picks a chat (their own notes, or anyone). */
export function viberForwardHref(text: string): string {
  return `viber://forward?text=${encodeURIComponent(withoutJoiners(text))}`;
}

/** A Viber chat link to the shop, optionally with a prefilled message. */
export function viberChatHref(text?: string): string {
  const number = encodeURIComponent(site.viberNumber.replace(/[^\d+]/g, ''));
  return text
    ? `viber://chat?number=${number}&draft=${encodeURIComponent(withoutJoiners(text))}`
    : `viber://chat?number=${number}`;
}
