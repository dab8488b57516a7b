import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequest } from '../../../hooks/use-request';
import {
  fetchSetupWarnings,
  fetchStaffOrders,
  fetchStock,
  isUnauthorized,
  type SetupWarning,
  type StaffOrder,
  type StockReport,
} from '../lib/staff-api';
import { Tabs } from '../../../components/ui/tabs';
import { CsvImport } from './csv-import';
import { ReconciliationPanel } from './reconciliation-panel';
import { RequestsPanel } from './requests-panel';
import { StaffOrders } from './staff-orders';
import { StockTable } from './stock-table';
import { useServices } from '../../../lib/services';

type Board = { orders: StaffOrder[]; stock: StockReport; warnings: SetupWarning[] };

type StaffBoardProps = { staffKey: string; onUnauthorized: () => void; onForget: () => void };

/** Orders, stock and the CSV import, loaded together with the staff key. */
export function StaffBoard({ staffKey, onUnauthorized, onForget }: StaffBoardProps) {
  const { t } = useTranslation('staff');
  const { apiUrl } = useServices();
  const { state, run, pending } = useRequest<Board>({ whileBusy: 'replace' });
  const [board, setBoard] = useState<Board | null>(null);

  const load = useCallback(async () => {
    const outcome = await run(async (signal) => {
      const [orders, stock, warnings] = await Promise.all([
        fetchStaffOrders(apiUrl, staffKey, signal),
        fetchStock(apiUrl, staffKey, signal),
        fetchSetupWarnings(apiUrl, staffKey, signal),
      ]);
      return { orders, stock, warnings };
    });
    if (outcome.status === 'success') setBoard(outcome.data);
    else if (outcome.status === 'error' && isUnauthorized(outcome.error)) onUnauthorized();
  }, [run, apiUrl, staffKey, onUnauthorized]);

  useEffect(() => {
    // A tick later, so that StrictMode's mount, unmount and mount again start one request.
    const first = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(first);
  }, [load]);

  const replaceOrder = (order: StaffOrder) =>
    setBoard(
      (current) =>
        current && {
          ...current,
          orders: current.orders.map((item) => (item.id === order.id ? order : item)),
        },
    );

  // On a phone the floating buttons give way while they would lie over any of the staff's texts
  // (a setup warning, a request's facts), not only over their controls.
  return (
    <div className="staff-board" data-floating-clear="">
      <div className="button-row staff-board__tools">
        <button type="button" className="button" onClick={() => void load()} disabled={pending}>
          {t('orders.refresh')}
        </button>
        <button type="button" className="button" onClick={onForget}>
          {t('key.forget')}
        </button>
      </div>
      {state.status === 'error' && !isUnauthorized(state.error) && (
        <p className="alert alert--danger" role="alert">
          {t('error')}
        </p>
      )}
      {board?.warnings.map((warning) => (
        <p key={warning.code} className="alert alert--warning" data-testid="setup-warning">
          {warning.code === 'merchant_placeholder'
            ? t('setup.merchantPlaceholder', { settings: warning.settings.join(', ') })
            : t('setup.other', { settings: warning.settings.join(', ') })}
        </p>
      ))}
      <Tabs
        label={t('tabs.label')}
        className="staff-tabs"
        items={[
          {
            id: 'orders',
            label: t('tabs.orders'),
            panel: (
              <>
                {board && (
                  <>
                    <StaffOrders
                      staffKey={staffKey}
                      orders={board.orders}
                      onChanged={replaceOrder}
                      onReload={() => void load()}
                      onUnauthorized={onUnauthorized}
                    />
                    <StockTable report={board.stock} />
                  </>
                )}
                <CsvImport
                  staffKey={staffKey}
                  onImported={() => void load()}
                  onUnauthorized={onUnauthorized}
                />
              </>
            ),
          },
          {
            id: 'bank',
            label: t('tabs.bank'),
            panel: <ReconciliationPanel staffKey={staffKey} onUnauthorized={onUnauthorized} />,
          },
          {
            id: 'requests',
            label: t('tabs.requests'),
            panel: <RequestsPanel staffKey={staffKey} onUnauthorized={onUnauthorized} />,
          },
        ]}
      />
    </div>
  );
}
