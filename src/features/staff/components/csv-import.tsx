import { useTranslation } from 'react-i18next';
import { importStock } from '../lib/staff-api';
import { useServices } from '../../../lib/services';
import { FileImport } from './file-import';

type CsvImportProps = { staffKey: string; onImported: () => void; onUnauthorized: () => void };

/** Imports eSIM profiles from a CSV (POST /api/staff/stock, text/csv). */
export function CsvImport({ staffKey, ...on }: CsvImportProps) {
  const { t } = useTranslation('staff');
  const { apiUrl } = useServices();
  return (
    <FileImport
      keys="import"
      upload={(csv) => importStock(apiUrl, staffKey, csv)}
      done={(result, number) =>
        t('import.done', {
          imported: number(result.imported),
          delivered: number(result.deliveredWaiting),
        })
      }
      {...on}
    />
  );
}
