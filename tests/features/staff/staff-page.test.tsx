import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffOrder, StockReport } from '../../../src/features/staff/lib/staff-api';
import { apiServices } from '../../../src/lib/services';
import { StaffPage } from '../../../src/pages/staff-page';
import { server } from '../../support/msw-server';
import { renderWithProviders } from '../../support/render';

const API = 'http://api.test';
const KEY = 'staff-key-1';

const staffOrder = (change: Partial<StaffOrder> = {}): StaffOrder =>
  ({
    id: 'order-1',
    number: '#NXR-20261123-163000',
    planId: 'power-30',
    operatorId: 'mpt',
    status: 'paid',
    deliveryState: 'delivered',
    contactKind: 'email',
    transactionId: '0123456789',
    paidAt: 1,
    createdAt: 1,
    iccid: '8995000000000000001',
    emailAttempts: 2,
    emailLastError: null,
    emailSentAt: 2,
    ...change,
  }) as StaffOrder;

const orders = () => [
  staffOrder(),
  staffOrder({
    id: 'order-2',
    number: '#NXR-20261123-170000',
    deliveryState: 'waiting_for_stock',
    transactionId: '9876543210',
    iccid: null,
    emailAttempts: 3,
    emailLastError: '421 try later',
  }),
];

/** The first order's history, as GET /api/staff/orders/{id}/events answers it. */
const history = () => [
  {
    seq: 1,
    event: 'paid',
    from: 'awaiting_payment',
    to: 'paid',
    actor: 'bank',
    at: Date.parse('2026-11-23T10:01:00Z'),
    evidence: { method: 'bank-notification', transactionId: '0123456789' },
  },
  {
    seq: 2,
    event: 'bankConfirmed',
    from: 'unconfirmed',
    to: 'confirmed',
    actor: 'bank',
    at: Date.parse('2026-11-23T10:01:00Z'),
    evidence: { by: 'notification' },
  },
  {
    seq: 3,
    event: 'withdrawn',
    from: 'delivered',
    to: 'withdrawn',
    actor: 'staff:Aye Aye',
    at: Date.parse('2026-11-23T11:00:00Z'),
    evidence: { reason: 'refund' },
  },
];

/** The staff API; it answers only the right key. `calls` records what was asked. */
function serveStaff(calls: string[] = []) {
  const authorised = (request: Request) => request.headers.get('authorization') === `Bearer ${KEY}`;
  const refuse = () =>
    HttpResponse.json({ error: { code: 'unauthorized', message: 'No key' } }, { status: 401 });
  server.use(
    http.get(`${API}/api/staff/orders`, ({ request }) => {
      calls.push('orders');
      return authorised(request) ? HttpResponse.json({ orders: orders() }) : refuse();
    }),
    http.get(`${API}/api/staff/stock`, ({ request }) =>
      authorised(request)
        ? HttpResponse.json({
            stock: [
              {
                operatorId: 'mpt',
                planId: 'power-30',
                inStock: 12,
                assigned: 1,
                delivered: 5,
                withdrawn: 0,
              },
            ],
            waitingOrders: 1,
            sources: [{ operatorId: 'mpt', source: 'stock', smdpHost: null, plans: [] }],
          } satisfies StockReport)
        : refuse(),
    ),
    http.post(`${API}/api/staff/orders/:id/withdraw`, ({ request, params }) => {
      calls.push(`withdraw ${String(params.id)}`);
      return authorised(request)
        ? HttpResponse.json({ order: staffOrder({ deliveryState: 'withdrawn' }) })
        : refuse();
    }),
    http.get(`${API}/api/staff/orders/:id/events`, ({ request, params }) => {
      calls.push(`events ${String(params.id)}`);
      return authorised(request) ? HttpResponse.json({ events: history() }) : refuse();
    }),
    http.post(`${API}/api/staff/orders/:id/resend`, ({ params }) => {
      calls.push(`resend ${String(params.id)}`);
      return HttpResponse.json({ queued: true }, { status: 202 });
    }),
    // The bank reconciliation tab loads with the board (tests/features/staff/reconciliation.test.tsx).
    http.get(`${API}/api/staff/reconciliation`, () =>
      HttpResponse.json({
        counts: { confirmed: 0, mismatch: 0, unconfirmed: 0, suspect: 0, unmatched: 0 },
        orders: [],
        unmatched: [],
      }),
    ),
  );
  return calls;
}

const open = (language: 'en' | 'my' = 'en') =>
  renderWithProviders(<StaffPage />, {
    language,
    namespaces: ['staff'],
    route: '/staff',
    services: apiServices(API),
  });

async function signIn(user: ReturnType<typeof userEvent.setup>, key = KEY) {
  await user.type(await screen.findByLabelText('Staff key'), key);
  await user.click(screen.getByRole('button', { name: 'Open' }));
}

describe('the staff page', () => {
  it('asks for the key, keeps it for this tab only, and lists orders and stock', async () => {
    serveStaff();
    const user = userEvent.setup();
    await open();
    await signIn(user);

    const table = await screen.findByRole('table', { name: 'The newest orders first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole('rowheader')).toHaveTextContent('#NXR-20261123-163000');
    expect(first.getByText('Delivered')).toBeInTheDocument();
    expect(first.getByText('0123456789')).toBeInTheDocument();
    expect(first.getByText('8995000000000000001')).toBeInTheDocument();
    expect(first.getByText('2 attempts')).toBeInTheDocument();
    const second = within(rows[2]!);
    expect(second.getByText('Waiting for stock')).toBeInTheDocument();
    expect(second.getByText('Last error: 421 try later')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    const stock = screen.getByRole('table', { name: 'eSIM profiles per operator and plan' });
    expect(within(stock).getByRole('rowheader')).toHaveTextContent('MPT');
    expect(within(stock).getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Orders waiting for stock: 1')).toBeInTheDocument();

    expect(sessionStorage.getItem('esim-shop.staff-key')).toBe(KEY);
    expect(Object.values({ ...localStorage })).not.toContain(KEY);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('shows each operator’s source, and an ES2+ order’s install state with its time', async () => {
    serveStaff();
    const installedAt = Date.parse('2026-11-23T10:05:00Z');
    server.use(
      http.get(`${API}/api/staff/orders`, () =>
        HttpResponse.json({
          orders: [
            staffOrder({
              operatorId: 'atom',
              profileSource: 'es2plus',
              installState: 'installed',
              installStateAt: installedAt,
              provisioningError: null,
            }),
            staffOrder({
              id: 'order-3',
              number: '#NXR-20261123-171500',
              operatorId: 'atom',
              deliveryState: 'provisioning',
              iccid: null,
              provisioningError: 'downloadOrder: the SM-DP+ answered HTTP 503',
            }),
          ],
        }),
      ),
      http.get(`${API}/api/staff/stock`, () =>
        HttpResponse.json({
          stock: [],
          waitingOrders: 0,
          sources: [
            { operatorId: 'mpt', source: 'stock', smdpHost: null, plans: [] },
            {
              operatorId: 'atom',
              source: 'es2plus',
              smdpHost: 'smdp.atom.example',
              plans: ['power-30'],
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    await open();
    await signIn(user);
    const table = await screen.findByRole('table', { name: 'The newest orders first' });
    const [, installed, ordering] = within(table).getAllByRole('row');
    expect(within(installed!).getByText('From the SM-DP+ (ES2+)')).toBeInTheDocument();
    expect(within(installed!).getByTestId('install-state')).toHaveTextContent(
      /^Installed on the phone · .*2026/,
    );
    expect(within(ordering!).getByText('Ordering from the SM-DP+')).toBeInTheDocument();
    expect(
      within(ordering!).getByText('SM-DP+: downloadOrder: the SM-DP+ answered HTTP 503'),
    ).toBeInTheDocument();
    // An order still being ordered can be withdrawn (it is stopped), not resent.
    expect(within(ordering!).getByRole('button', { name: /Withdraw/ })).toBeInTheDocument();
    expect(within(ordering!).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('source-mpt')).toHaveTextContent('MPT from stock (CSV import)');
    expect(screen.getByTestId('source-atom')).toHaveTextContent(
      'ATOM ordered from its SM-DP+ smdp.atom.example over ES2+ (Power User); other plans from stock',
    );
  });

  it('asks again for the key when the server refuses it', async () => {
    serveStaff();
    const user = userEvent.setup();
    await open();
    await signIn(user, 'a-partner-key');
    expect(await screen.findByRole('alert')).toHaveTextContent('This key was refused');
    expect(sessionStorage.getItem('esim-shop.staff-key')).toBeNull();
    await signIn(user);
    expect(
      await screen.findByRole('table', { name: 'The newest orders first' }),
    ).toBeInTheDocument();
  });

  it('withdraws a profile only after the confirmation', async () => {
    const calls = serveStaff();
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    const user = userEvent.setup();
    await open();
    const withdraw = await screen.findByRole('button', {
      name: 'Withdraw profile #NXR-20261123-163000',
    });

    await user.click(withdraw);
    const dialog = screen.getByRole('dialog', {
      name: 'Withdraw the eSIM of order #NXR-20261123-163000?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).not.toContain('withdraw order-1');

    await user.click(withdraw);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('The profile of order #NXR-20261123-163000 was withdrawn.'),
    ).toBeInTheDocument();
    expect(calls).toContain('withdraw order-1');
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('Withdrawn')).toBeInTheDocument();
  });

  it('shows an order’s history: each change, who made it, when and on what evidence', async () => {
    const calls = serveStaff();
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    const user = userEvent.setup();
    await open();
    await user.click(
      await screen.findByRole('button', { name: 'History of order #NXR-20261123-163000' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'History of order #NXR-20261123-163000' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('Paid');
    expect(entries[0]).toHaveTextContent('Awaiting payment → Paid');
    expect(entries[0]).toHaveTextContent('By the bank');
    expect(entries[0]).toHaveTextContent('0123456789');
    expect(entries[1]).toHaveTextContent('Confirmed by the bank');
    expect(entries[1]).toHaveTextContent('Unconfirmed → Confirmed');
    expect(entries[2]).toHaveTextContent('Profile withdrawn');
    expect(entries[2]).toHaveTextContent('By staff (Aye Aye)');
    expect(calls).toContain('events order-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an order’s history in Burmese', async () => {
    serveStaff();
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    const user = userEvent.setup();
    await open('my');
    await user.click(
      await screen.findByRole('button', { name: 'အော်ဒါ #NXR-20261123-163000 ၏ မှတ်တမ်း' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'အော်ဒါ #NXR-20261123-163000 ၏ မှတ်တမ်း' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries[1]).toHaveTextContent('ဘဏ်က အတည်ပြုပြီး');
    expect(entries[1]).toHaveTextContent('အတည်မပြုရသေး → အတည်ပြုပြီး');
    expect(entries[2]).toHaveTextContent('ပြုလုပ်သူ - ဝန်ထမ်း (Aye Aye)');
  });

  it('queues an email again', async () => {
    const calls = serveStaff();
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    const user = userEvent.setup();
    await open();
    await user.click(
      await screen.findByRole('button', { name: 'Resend email #NXR-20261123-163000' }),
    );
    expect(
      await screen.findByText('The email of order #NXR-20261123-163000 is queued again.'),
    ).toBeInTheDocument();
    expect(calls).toContain('resend order-1');
  });

  it('lists every problem of a refused CSV with its line number', async () => {
    serveStaff();
    let sent: { type: string | null; body: string } | null = null;
    server.use(
      http.post(`${API}/api/staff/stock`, async ({ request }) => {
        sent = { type: request.headers.get('content-type'), body: await request.text() };
        return HttpResponse.json(
          {
            error: {
              code: 'invalid_csv',
              message: 'The file was refused',
              details: [
                { line: 2, problem: 'ICCID fails the Luhn check' },
                { line: 3, problem: 'duplicate ICCID' },
                { line: 4, problem: 'unknown operator "Telenor"' },
              ],
            },
          },
          { status: 422 },
        );
      }),
    );
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    const user = userEvent.setup();
    await open();
    const csv = 'operator,plan,iccid,activation_code\nMPT,power-30,1,LPA:1$a$b\n';
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File([csv], 'stock.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(
      await screen.findByText('The file was refused and nothing was imported:'),
    ).toBeInTheDocument();
    expect(screen.getByText('Line 2: ICCID fails the Luhn check')).toBeInTheDocument();
    expect(screen.getByText('Line 3: duplicate ICCID')).toBeInTheDocument();
    expect(screen.getByText('Line 4: unknown operator "Telenor"')).toBeInTheDocument();
    expect(sent).toEqual({ type: 'text/csv', body: csv });
  });

  it('reports a successful import', async () => {
    const calls = serveStaff();
    server.use(
      http.post(`${API}/api/staff/stock`, () =>
        HttpResponse.json({ imported: 3, deliveredWaiting: 1 }),
      ),
    );
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    const user = userEvent.setup();
    await open();
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File(['operator,plan,iccid,activation_code\n'], 'stock.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('3 profiles imported; 1 waiting orders delivered.'),
    ).toBeInTheDocument();
    // The lists are loaded again, with the new stock.
    await waitFor(() => expect(calls.filter((call) => call === 'orders')).toHaveLength(2));
  });

  it('speaks Burmese', async () => {
    serveStaff();
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    await open('my');
    expect(
      await screen.findByRole('table', { name: 'အသစ်ဆုံး အော်ဒါများကို အပေါ်ဆုံးတွင် ပြထားသည်' }),
    ).toBeInTheDocument();
    expect(screen.getByText('၂ ကြိမ် ကြိုးစားပြီး')).toBeInTheDocument();
  });

  it('warns while the merchant ids are placeholders (issue #24)', async () => {
    serveStaff();
    server.use(
      http.get(`${API}/api/staff/setup`, () =>
        HttpResponse.json({
          warnings: [{ code: 'merchant_placeholder', settings: ['VITE_MMQR_MERCHANT_ID'] }],
        }),
      ),
    );
    const user = userEvent.setup();
    await open();
    await signIn(user);
    expect(await screen.findByTestId('setup-warning')).toHaveTextContent(
      /Payments cannot reach the shop yet: the merchant settings are still the example values \(VITE_MMQR_MERCHANT_ID\)/,
    );
  });

  it('shows no warning once the shop is set up', async () => {
    serveStaff();
    sessionStorage.setItem('esim-shop.staff-key', KEY);
    await open('my');
    await screen.findAllByRole('table');
    expect(screen.queryByTestId('setup-warning')).not.toBeInTheDocument();
  });
});
