import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Reconciliation, StockReport } from '../../../src/features/staff/lib/staff-api';
import { apiServices } from '../../../src/lib/services';
import { StaffPage } from '../../../src/pages/staff-page';
import { server } from '../../support/msw-server';
import { renderWithProviders } from '../../support/render';

const API = 'http://api.test';
const KEY = 'staff-key-1';

const report = (): Reconciliation => ({
  counts: { confirmed: 1, mismatch: 0, unconfirmed: 0, suspect: 1, unmatched: 1 },
  orders: [
    {
      orderId: 'order-1',
      orderNumber: '#NXR-20261123-163000',
      transactionId: 'KBZ-1',
      bankState: 'confirmed',
      deliveryState: 'delivered',
      price: 80_000,
      paidAt: 1,
    },
    {
      orderId: 'order-2',
      orderNumber: '#NXR-20261123-170000',
      transactionId: 'KBZ-2',
      bankState: 'suspect',
      deliveryState: 'held',
      price: 80_000,
      paidAt: 2,
    },
  ],
  unmatched: [
    {
      source: 'statement',
      line: 4,
      transactionId: 'KBZ9999',
      amount: 50_000,
      paidAt: Date.parse('2026-11-23T10:30:00Z'),
      reference: null,
    },
  ],
});

/** The staff API of the bank tab; `calls` records what was asked. */
function serveBank(calls: string[]) {
  server.use(
    http.get(`${API}/api/staff/orders`, () => HttpResponse.json({ orders: [] })),
    http.get(`${API}/api/staff/stock`, () =>
      HttpResponse.json({ stock: [], waitingOrders: 0, sources: [] } satisfies StockReport),
    ),
    http.get(`${API}/api/staff/reconciliation`, () => {
      calls.push('report');
      return HttpResponse.json(report());
    }),
    http.post(`${API}/api/staff/orders/:id/confirm-payment`, ({ params }) => {
      calls.push(`confirm ${String(params.id)}`);
      return HttpResponse.json({ order: {} });
    }),
    http.post(`${API}/api/staff/orders/:id/reject-payment`, async ({ params, request }) => {
      const body = (await request.json()) as { reason: string };
      calls.push(`reject ${String(params.id)}: ${body.reason}`);
      return HttpResponse.json({ order: {} });
    }),
  );
}

const open = async (language: 'en' | 'my' = 'en') => {
  sessionStorage.setItem('esim-shop.staff-key', KEY);
  renderWithProviders(<StaffPage />, {
    language,
    namespaces: ['staff'],
    route: '/staff',
    services: apiServices(API),
  });
};

describe('the staff page’s bank reconciliation tab', () => {
  it('shows the counts, the orders by bank state and the unmatched bank payments', async () => {
    serveBank([]);
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('tab', { name: 'Bank reconciliation' }));
    const counts = await screen.findByText('Suspect', { selector: 'dt' });
    expect(counts.nextElementSibling).toHaveTextContent('1');
    const table = screen.getByRole('table', { name: 'Paid orders, those needing a look first' });
    const rows = within(table).getAllByRole('row');
    // The suspect one first, with its actions; the confirmed one has none.
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('#NXR-20261123-170000');
    expect(within(rows[1]!).getByText('Held for the bank')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Confirm payment #NXR-20261123-170000' }),
    ).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    const unmatched = screen.getByRole('table', {
      name: 'Statement lines and notifications that paid no order',
    });
    expect(within(unmatched).getByText('Statement line 4')).toBeInTheDocument();
    expect(within(unmatched).getByText('50,000 Ks')).toBeInTheDocument();
  });

  it('confirms a payment, and rejects one only with a reason', async () => {
    const calls: string[] = [];
    serveBank(calls);
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('tab', { name: 'Bank reconciliation' }));
    await user.click(
      await screen.findByRole('button', { name: 'Confirm payment #NXR-20261123-170000' }),
    );
    expect(
      await screen.findByText(
        'The payment of order #NXR-20261123-170000 is confirmed; a held eSIM, if any, has been released.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject payment #NXR-20261123-170000' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Reject' });
    expect(submit).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Why (kept with the order)'),
      'Not on the account',
    );
    await user.click(submit);
    expect(
      await screen.findByText(
        'The payment of order #NXR-20261123-170000 was rejected; its eSIM will not be delivered.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual(
      expect.arrayContaining(['confirm order-2', 'reject order-2: Not on the account']),
    );
  });

  it('lists every problem of a refused statement with its line, and sends a mapping as JSON', async () => {
    serveBank([]);
    const sent: { type: string | null; body: string }[] = [];
    server.use(
      http.post(`${API}/api/staff/reconciliation/statement`, async ({ request }) => {
        sent.push({ type: request.headers.get('content-type'), body: await request.text() });
        if (sent.length === 1) {
          return HttpResponse.json(
            {
              error: {
                code: 'invalid_csv',
                message: 'The statement was not imported: 2 problems.',
                details: [
                  { line: 3, problem: '"eighty" is not an amount in whole kyat.' },
                  { line: 5, problem: '"soon" is not a time (ISO 8601).' },
                ],
              },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({
          imported: 2,
          alreadyImported: 0,
          confirmed: 1,
          mismatch: 0,
          unmatched: 1,
          suspect: 0,
          released: 1,
        });
      }),
    );
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('tab', { name: 'Bank reconciliation' }));
    const csv = 'transaction_id,amount,paid_at,payer,reference\nKBZ-1,eighty,soon,,\n';
    await user.upload(
      screen.getByLabelText('Statement file (CSV)'),
      new File([csv], 'statement.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(
      await screen.findByText('Line 3: "eighty" is not an amount in whole kyat.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Line 5: "soon" is not a time (ISO 8601).')).toBeInTheDocument();
    expect(sent[0]).toEqual({ type: 'text/csv', body: csv });

    const mapping = { columns: { transaction_id: 'Txn ID' } };
    await user.upload(
      screen.getByLabelText('Statement file (CSV)'),
      new File([csv], 'statement.csv', { type: 'text/csv' }),
    );
    await user.upload(
      screen.getByLabelText('Column mapping (JSON, optional)'),
      new File([JSON.stringify(mapping)], 'mapping.json', { type: 'application/json' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(
      await screen.findByText(
        '2 new lines (0 imported before); 1 orders confirmed, 1 held eSIMs released, 0 orders suspect.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(sent[1]!.body)).toEqual({ csv, mapping });
  });

  it('speaks Burmese', async () => {
    serveBank([]);
    const user = userEvent.setup();
    await open('my');
    await user.click(await screen.findByRole('tab', { name: 'ဘဏ်စာရင်း တိုက်ဆိုင်စစ်ဆေးခြင်း' }));
    expect(await screen.findByText('သံသယရှိ', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('စာရင်းရှင်းတမ်း စာကြောင်း ၄')).toBeInTheDocument();
    expect(screen.getByText('၅၀,၀၀၀ ကျပ်')).toBeInTheDocument();
  });
});
