import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language, Namespace } from '../../src/lib/i18n/languages';
import { CreatePage } from '../../src/pages/create-page';
import { DashboardPage } from '../../src/pages/dashboard-page';
import { HelpCenterPage } from '../../src/pages/help-center-page';
import { HomePage } from '../../src/pages/home-page';
import { HowItWorksPage } from '../../src/pages/how-it-works-page';
import { PartnersPage } from '../../src/pages/partners-page';
import { StatusPage } from '../../src/pages/status-page';
import { WhatIsEsimPage } from '../../src/pages/what-is-esim-page';
import { renderWithProviders } from '../support/render';

const pages: Array<[string, ComponentType, Namespace, Record<Language, string>]> = [
  [
    'home',
    HomePage,
    'home',
    { en: 'Stay connected anywhere in Myanmar', my: 'မြန်မာပြည် ဘယ်နေရာမှာမဆို အင်တာနက် ချိတ်ဆက်ထားပါ' },
  ],
  [
    'how it works',
    HowItWorksPage,
    'guide',
    { en: 'How to install your eSIM', my: 'eSIM ထည့်သွင်းနည်း' },
  ],
  ['what is eSIM', WhatIsEsimPage, 'guide', { en: 'What is an eSIM?', my: 'eSIM ဆိုတာ ဘာလဲ' }],
  ['help center', HelpCenterPage, 'faq', { en: 'Help center', my: 'အကူအညီစင်တာ' }],
  ['partners', PartnersPage, 'partners', { en: 'Our partners', my: 'ကျွန်ုပ်တို့၏ မိတ်ဖက်များ' }],
  ['create', CreatePage, 'dev', { en: 'Create', my: 'ဖန်တီးရန်' }],
  ['dashboard', DashboardPage, 'dev', { en: 'Dashboard', my: 'ဒက်ရှ်ဘုတ်' }],
  ['status', StatusPage, 'status', { en: 'System status', my: 'စနစ်အခြေအနေ' }],
];

describe.each(['en', 'my'] as const)('content pages in %s', (language) => {
  it.each(pages)('%s has its heading and text', async (_name, Page, namespace, heading) => {
    await renderWithProviders(<Page />, { namespaces: [namespace], language });
    expect(
      await screen.findByRole('heading', { level: 1, name: heading[language] }),
    ).toBeInTheDocument();
    if (language === 'my') expect(document.body.textContent).toMatch(/[\u1000-\u109F]{20}/);
  });
});

describe('DashboardPage', () => {
  it('links to status, developers and audit, and shows the chat feedback counts', async () => {
    await renderWithProviders(<DashboardPage />, { namespaces: ['dev'] });
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual([
      '/status',
      '/developers',
      '/audit',
    ]);
    expect(await screen.findByRole('heading', { name: 'AI chat feedback' })).toBeInTheDocument();
  });
});

describe('CreatePage', () => {
  it('says the page is under development and offers a way on', async () => {
    await renderWithProviders(<CreatePage />, { namespaces: ['dev'] });
    expect(screen.getByText('Under development')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'AI image generation' })).toHaveAttribute(
      'href',
      '/image-generation',
    );
  });
});
