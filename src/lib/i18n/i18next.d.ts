/** English bundles are the typed source of every translation key. */
import type common from '../../../locales/en/common.json';
import type home from '../../../locales/en/home.json';
import type purchase from '../../../locales/en/purchase.json';
import type chat from '../../../locales/en/chat.json';
import type compatibility from '../../../locales/en/compatibility.json';
import type support from '../../../locales/en/support.json';
import type status from '../../../locales/en/status.json';
import type media from '../../../locales/en/media.json';
import type about from '../../../locales/en/about.json';
import type guide from '../../../locales/en/guide.json';
import type faq from '../../../locales/en/faq.json';
import type partners from '../../../locales/en/partners.json';
import type legal from '../../../locales/en/legal.json';
import type blog from '../../../locales/en/blog.json';
import type dev from '../../../locales/en/dev.json';
import type delivery from '../../../locales/en/delivery.json';
import type staff from '../../../locales/en/staff.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      purchase: typeof purchase;
      chat: typeof chat;
      compatibility: typeof compatibility;
      support: typeof support;
      status: typeof status;
      media: typeof media;
      about: typeof about;
      guide: typeof guide;
      faq: typeof faq;
      partners: typeof partners;
      legal: typeof legal;
      blog: typeof blog;
      dev: typeof dev;
      delivery: typeof delivery;
      staff: typeof staff;
    };
  }
}
