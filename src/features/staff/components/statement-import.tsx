import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { importStatement } from '../lib/staff-api';
import { useServices } from '../../../lib/services';
import { BadMapping, FileImport } from './file-import';

type StatementImportProps = {
  staffKey: string;
  onImported: () => void;
  onUnauthorized: () => void;
};

/**
 * Imports the merchant account's statement (POST /api/staff/reconciliation/statement), with an
 * optional column mapping (JSON) for another bank's export; a 400 is a refused mapping. The same
 * lines again change nothing.
 */
export function StatementImport({ staffKey, ...on }: StatementImportProps) {
  const { t } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const mappingFile = useRef<HTMLInputElement>(null);

  const upload = async (csv: string) => {
    const mappingText = await mappingFile.current?.files?.[0]?.text();
    let mapping: unknown;
    if (mappingText !== undefined) {
      try {
        mapping = JSON.parse(mappingText);
      } catch {
        throw new BadMapping('JSON');
      }
    }
    return importStatement(apiUrl, staffKey, csv, mapping);
  };

  return (
    <FileImport
      keys="statement"
      upload={upload}
      done={(result, number) =>
        t('statement.done', {
          imported: number(result.imported),
          again: number(result.alreadyImported),
          confirmed: number(result.confirmed),
          released: number(result.released),
          suspect: number(result.suspect),
        })
      }
      mapping={
        <>
          <label htmlFor={`${id}-mapping`}>{t('statement.mapping')}</label>
          <input
            id={`${id}-mapping`}
            ref={mappingFile}
            type="file"
            accept=".json,application/json"
          />
        </>
      }
      {...on}
    />
  );
}
