import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../api/endpoints';
import { OursBadge } from './access-badge';
import { ColumnHeaders } from './column-headers';

type FieldTableProps = {
  caption: string;
  fields: Field[];
  /** Translated meanings by field name; the document's description where one is missing. */
  meanings: Record<string, string>;
  /** Whether to say which fields are required (requests only). */
  showRequired?: boolean;
};

/** Field names and types (code) and what they mean (translated); each row stacks on a phone
 * (explicit roles keep the table semantics that some browsers drop when CSS changes its display). */
export function FieldTable({ caption, fields, meanings, showRequired = false }: FieldTableProps) {
  const { t } = useTranslation('dev');
  const captionId = useId();
  return (
    <div className="api-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="api-table api-table--fields" role="table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <ColumnHeaders
          labels={[
            t('developers.labels.field'),
            t('developers.labels.type'),
            t('developers.labels.meaning'),
          ]}
        />
        <tbody role="rowgroup">
          {fields.map((field) => (
            <tr key={field.name} role="row">
              <th scope="row" role="rowheader">
                <code>{field.name}</code>
                {field.ours ? <OursBadge /> : null}
              </th>
              <td role="cell" className="api-table__type">
                <code>{field.type}</code>
                {showRequired && field.required ? ` (${t('developers.labels.required')})` : null}
              </td>
              <td role="cell">{meanings[field.name] ?? field.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
