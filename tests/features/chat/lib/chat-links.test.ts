import { describe, expect, it } from 'vitest';
import { resolveChatLink } from '../../../../src/features/chat/lib/chat-links';

const site = { origin: 'https://shop.example', pathname: '/app/index.html' };

describe('resolveChatLink', () => {
  it.each([
    ['/buy-esim', 'buy'],
    ['#/buy-esim', 'buy'],
    ['/compatibility?model=x', 'compatibility'],
    ['/', 'home'],
    ['https://shop.example/app/index.html#/contact', 'contact'],
    ['https://shop.example/app/#/help-center', 'helpCenter'],
    ['https://shop.example/app/', 'home'],
    ['https://shop.example/app/how-it-works', 'howItWorks'],
  ])('%s is the shop route %s', (href, route) => {
    expect(resolveChatLink(href, site)).toEqual({ kind: 'route', route });
  });

  it.each([
    ['https://www.mpt.com.mm/en/', 'https://www.mpt.com.mm/en/'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:support@esim.example', 'mailto:support@esim.example'],
    ['tel:+959123', 'tel:+959123'],
  ])('%s is a safe external link', (href, normalized) => {
    expect(resolveChatLink(href, site)).toEqual({ kind: 'external', href: normalized });
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/no-such-page',
    '#/admin',
    '//evil.example/buy-esim',
    'buy-esim',
    'https://shop.example/app/#/nowhere',
    '',
  ])('%j is not a link', (href) => {
    expect(resolveChatLink(href, site)).toEqual({ kind: 'none' });
  });
});
