import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEndpoints } from '../../../src/features/developers/api/endpoints';
import {
  endpointsOf,
  type OpenApiDocument,
} from '../../../src/features/developers/api/openapi-view';
import { ApiDocs } from '../../../src/features/developers/components/api-docs';
import { EndpointSection } from '../../../src/features/developers/components/endpoint-section';
import { AuditView } from '../../../src/features/developers/components/audit-view';
import type { Language } from '../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../support/render';

const text: Record<
  Language,
  { docs: string; audit: string; copy: string; copied: string; lastChecked: string }
> = {
  en: {
    docs: 'Developer API',
    audit: 'Platform audit',
    copy: 'Copy',
    copied: 'Copied!',
    lastChecked: 'When the checks ran, as an ISO 8601 time in UTC.',
  },
  my: {
    docs: 'ဆော့ဖ်ဝဲရေးသူများအတွက် API',
    audit: 'ပလက်ဖောင်း စစ်ဆေးချက်',
    copy: 'ကူးယူရန်',
    copied: 'ကူးယူပြီးပါပြီ။',
    lastChecked: 'စစ်ဆေးခဲ့သည့်အချိန် (UTC ဖြင့် ISO 8601 ပုံစံ)။',
  },
};

const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
afterEach(() => {
  vi.useRealTimers();
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

describe.each<Language>(['en', 'my'])('in %s', (language) => {
  it('the API docs show every endpoint of the OpenAPI document with curl and fetch examples', async () => {
    const endpoints = buildEndpoints();
    await renderWithProviders(<ApiDocs />, { language, namespaces: ['dev'] });
    expect(
      screen.getByRole('heading', { level: 1, name: text[language].docs }),
    ).toBeInTheDocument();
    const endpointHeadings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent ?? '')
      .filter((name) => /^(GET|POST) \//.test(name));
    expect(endpointHeadings.map((name) => name.split(' — ')[0])).toEqual(
      endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`),
    );
    expect(endpointHeadings.slice(0, 2).map((name) => name.split(' — ')[0])).toEqual([
      'GET /status',
      'GET /plans',
    ]);
    // Two request examples per endpoint, plus an example response where the document has one.
    const responses = endpoints.filter((endpoint) => endpoint.response).length;
    expect(screen.getAllByRole('figure')).toHaveLength(endpoints.length * 2 + responses);
    expect(document.body).toHaveTextContent('x-api-key: YOUR_API_KEY');
    expect(document.body).toHaveTextContent('Authorization: Bearer YOUR_API_KEY');
    expect(document.body).toHaveTextContent('401 Unauthorized');
    // Field meanings are translated; names and types come from the document.
    const status = screen.getByRole('region', { name: /^GET \/status/ });
    const lastChecked = within(status).getByRole('row', { name: /^lastChecked/ });
    expect(lastChecked).toHaveTextContent('string');
    expect(lastChecked).toHaveTextContent(text[language].lastChecked);
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
  it('show access, fields, examples and the other answers of the real endpoints', async () => {
    await renderWithProviders(<ApiDocs />, { namespaces: ['dev'] });
    const status = screen.getByRole('region', { name: /^GET \/status/ });
    expect(within(status).getByText('Public')).toBeInTheDocument();
    expect(within(status).getByText(/always answers with the status above/)).toBeInTheDocument();
    const plans = screen.getByRole('region', { name: /^GET \/plans/ });
    expect(within(plans).getByText('Public')).toBeInTheDocument();
    expect(within(plans).getByRole('row', { name: /^plans\[\]\.price_mmk/ })).toHaveTextContent(
      'integerThe price in Myanmar kyat.',
    );
    expect(within(plans).getByText('304')).toBeInTheDocument();
    expect(within(plans).getByText('curl "$API_BASE_URL/plans"')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@esim-myanmar.example' })).toHaveAttribute(
      'href',
      'mailto:support@esim-myanmar.example',
    );
  });

  it('mark a key-protected endpoint, its required fields and what is ours', async () => {
    const document: OpenApiDocument = {
      components: {
        schemas: {
          ByOperator: {
            type: 'object',
            required: ['operator', 'contactInfo'],
            properties: { operator: { enum: ['MPT'] }, contactInfo: { type: 'string' } },
          },
          ByPlan: {
            type: 'object',
            required: ['planId', 'contactInfo'],
            properties: { planId: { type: 'string' }, contactInfo: { type: 'string' } },
          },
        },
      },
      paths: {
        '/purchase': {
          post: {
            tags: ['partner'],
            security: [{ apiKeyHeader: [] }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    oneOf: [
                      { $ref: '#/components/schemas/ByOperator' },
                      { $ref: '#/components/schemas/ByPlan' },
                    ],
                  },
                },
              },
            },
            responses: {
              '201': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        orderId: { type: 'string', 'x-ours': true, description: 'Ours.' },
                      },
                    },
                  },
                },
              },
              '401': {},
            },
            'x-codeSamples': [
              { lang: 'Shell', label: 'curl', source: 'curl one' },
              { lang: 'Shell', label: 'curl', source: 'curl two' },
              { lang: 'JavaScript', label: 'fetch', source: 'fetch()' },
            ],
          },
        },
      },
    };
    const [purchase] = endpointsOf(document);
    await renderWithProviders(<EndpointSection endpoint={purchase!} />, { namespaces: ['dev'] });
    const section = screen.getByRole('region', { name: /^POST \/purchase/ });
    expect(within(section).getByText('API key required')).toBeInTheDocument();
    expect(
      within(section).getByText('Reading 1, as in the purchase flow: operator and contactInfo.'),
    ).toBeInTheDocument();
    const request = within(section).getByRole('table', { name: /^Request body/ });
    expect(within(request).getByRole('row', { name: /^operator/ })).toHaveTextContent(
      '"MPT" (required)Reading 1: the network',
    );
    expect(within(request).getAllByRole('row')).toHaveLength(4); // header, operator, contactInfo, planId
    const response = within(section).getByRole('table', { name: /^Response fields/ });
    expect(within(response).getByRole('row', { name: /^orderId/ })).toHaveTextContent(
      'orderIdOur additionstringOurs.',
    );
    expect(within(section).getByText(/curl one\s+curl two/)).toBeInTheDocument();
    expect(within(section).getByText('The API key is missing or invalid.')).toBeInTheDocument();
  });
});
