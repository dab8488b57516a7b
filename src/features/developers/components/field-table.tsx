import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeaders } from './column-headers';

type FieldTableProps = { caption: string; fields: Record<string, string> };

/** Field names (code) and what they mean (translated); each row stacks on a phone (explicit
 * roles keep the table semantics that some browsers drop when CSS changes its display). */
export function FieldTable({ caption, fields }: FieldTableProps) {
  const { t } = useTranslation('dev');
  const captionId = useId();
  return (
    <div className="api-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="api-table api-table--fields" role="table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <ColumnHeaders labels={[t('developers.labels.field'), t('developers.labels.meaning')]} />
        <tbody role="rowgroup">
          {Object.entries(fields).map(([name, meaning]) => (
            <tr key={name} role="row">
              <th scope="row" role="rowheader">
                <code>{name}</code>
              </th>
              <td role="cell">{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
