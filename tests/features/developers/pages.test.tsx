import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiDocs } from '../../../src/features/developers/components/api-docs';
import { AuditView } from '../../../src/features/developers/components/audit-view';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';

const text: Record<
  Language,
  { docs: string; audit: string; copy: string; copied: string; notSpecified: RegExp }
> = {
  en: {
    docs: 'Developer API',
    audit: 'Platform audit',
    copy: 'Copy',
    copied: 'Copied!',
    notSpecified: /not yet specified/i,
  },
  my: {
    docs: 'ဆော့ဖ်ဝဲရေးသူများအတွက် API',
    audit: 'ပလက်ဖောင်း စစ်ဆေးချက်',
    copy: 'ကူးယူရန်',
    copied: 'ကူးယူပြီးပါပြီ!',
    notSpecified: /မသတ်မှတ်ရသေးပါ/,
  },
};

const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
afterEach(() => {
  vi.useRealTimers();
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

describe.each<Language>(['en', 'my'])('in %s', (language) => {
  it('the API docs document the five endpoints with curl and fetch examples', async () => {
    await renderWithProviders(<ApiDocs />, { language, namespaces: ['dev'] });
    expect(
      screen.getByRole('heading', { level: 1, name: text[language].docs }),
    ).toBeInTheDocument();
    const endpointHeadings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent ?? '')
      .filter((name) => /^(GET|POST) \//.test(name));
    expect(endpointHeadings.map((name) => name.split(' — ')[0])).toEqual([
      'GET /status',
      'GET /plans',
      'POST /purchase',
      'POST /v1/activate',
      'GET /v1/profile/{orderId}',
    ]);
    // Two request examples per endpoint, plus example responses for status and plans.
    expect(screen.getAllByRole('figure')).toHaveLength(12);
    expect(document.body.textContent).toMatch(text[language].notSpecified);
    expect(document.body).toHaveTextContent('x-api-key: YOUR_API_KEY');
    expect(document.body).toHaveTextContent('Authorization: Bearer YOUR_API_KEY');
    expect(document.body).toHaveTextContent('401 Unauthorized');
  });

  it('the audit shows four code blocks with copy buttons and the cloud region', async () => {
    await renderWithProviders(<AuditView />, { language, namespaces: ['dev'] });
    expect(
      screen.getByRole('heading', { level: 1, name: text[language].audit }),
    ).toBeInTheDocument();
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(4);
    expect(
      figures.map((figure) => within(figure).getByRole('region').getAttribute('aria-labelledby')),
    ).toHaveLength(4);
    for (const figure of figures) {
      expect(within(figure).getByRole('button')).toHaveTextContent(text[language].copy);
    }
    expect(document.body).toHaveTextContent('asia-southeast1');
    expect(document.body.textContent).toMatch(/Singapore|စင်ကာပူ/);
  });

  it('a copy button copies its block and says Copied! for two seconds', async () => {
    await renderWithProviders(<AuditView />, { language, namespaces: ['dev'] });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    const figure = screen.getAllByRole('figure')[0]!;
    const button = within(figure).getByRole('button');
    fireEvent.click(button);
    await act(async () => {});
    const copied = JSON.parse(writeText.mock.calls[0]![0] as string) as { carriers: unknown[] };
    expect(copied.carriers).toHaveLength(4);
    expect(button).toHaveTextContent(text[language].copied);
    act(() => vi.advanceTimersByTime(1999));
    expect(button).toHaveTextContent(text[language].copied);
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent(text[language].copy);
  });
});

describe('the API docs', () => {
  it('record both readings of the purchase payload and that the response is not specified', async () => {
    await renderWithProviders(<ApiDocs />, { namespaces: ['dev'] });
    const purchase = screen.getByRole('region', { name: /^POST \/purchase/ });
    expect(within(purchase).getByText('API key required')).toBeInTheDocument();
    expect(
      within(purchase).getByText('Reading 1, as in the purchase flow: operator and contactInfo.'),
    ).toBeInTheDocument();
    expect(
      within(purchase).getByText(
        "Reading 2, as in the platform audit's API specification: planId and contactInfo.",
      ),
    ).toBeInTheDocument();
    expect(
      within(purchase).getByText('The response body is not yet specified.'),
    ).toBeInTheDocument();
    const status = screen.getByRole('region', { name: /^GET \/status/ });
    expect(within(status).getByText('Public')).toBeInTheDocument();
    const activate = screen.getByRole('region', { name: /^POST \/v1\/activate/ });
    expect(
      within(activate).getByText(
        'Request fields, response fields and authentication: not yet specified.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@esim-myanmar.example' })).toHaveAttribute(
      'href',
      'mailto:support@esim-myanmar.example',
    );
  });
});
