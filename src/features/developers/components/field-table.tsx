import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type FieldTableProps = { caption: string; fields: Record<string, string> };

/** Field names (code) and what they mean (translated); scrolls sideways on a phone. */
export function FieldTable({ caption, fields }: FieldTableProps) {
  const { t } = useTranslation('dev');
  const captionId = useId();
  return (
    <div className="api-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="api-table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('developers.labels.field')}</th>
            <th scope="col">{t('developers.labels.meaning')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(fields).map(([name, meaning]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
