import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../components/ui/code-block';
import type { Endpoint } from '../api/endpoints';
import { AccessBadge, MethodBadge, OursBadge } from './access-badge';
import { FieldTable } from './field-table';

/** One endpoint, from the OpenAPI document: what it does, who may call it, its fields,
 * examples, an example response and its other answers. Explanations are translated. */
export function EndpointSection({ endpoint }: { endpoint: Endpoint }) {
  const { t, i18n } = useTranslation('dev');
  const key = `developers.endpoints.${endpoint.id}`;
  const label = `${endpoint.method} ${endpoint.path}`;
  const meanings = (i18n.getResource(
    i18n.resolvedLanguage ?? i18n.language,
    'dev',
    `${key}.fields`,
  ) ?? {}) as Record<string, string>;
  const copy = { copyLabel: t('developers.copy'), copiedLabel: t('developers.copied') };
  const headingId = `endpoint-${endpoint.id}`;
  const tables = [
    { id: 'parameters', fields: endpoint.parameters, request: true },
    { id: 'requestFields', fields: endpoint.requestFields, request: true },
    { id: 'responseFields', fields: endpoint.responseFields, request: false },
  ] as const;

  return (
    <section className="endpoint card" aria-labelledby={headingId}>
      <h2 id={headingId} className="endpoint__title">
        <MethodBadge method={endpoint.method} /> <code>{endpoint.path}</code>
        <span className="endpoint__summary">
          {' — '}
          {t(`${key}.summary`, { defaultValue: endpoint.summary ?? '' })}
        </span>
      </h2>
      <p>
        <AccessBadge access={endpoint.access} />
        {endpoint.ours ? <OursBadge /> : null}
      </p>
      <p>{t(`${key}.description`, { defaultValue: endpoint.description ?? '' })}</p>

      {endpoint.id === 'purchase' && i18n.exists('dev:developers.endpoints.purchase.readings') ? (
        <>
          <p>{t('developers.endpoints.purchase.readings')}</p>
          <ol>
            <li>{t('developers.endpoints.purchase.readingOperator')}</li>
            <li>{t('developers.endpoints.purchase.readingPlan')}</li>
          </ol>
        </>
      ) : null}

      {tables.map((table) =>
        table.fields.length > 0 ? (
          <div key={table.id}>
            <h3>{t(`developers.labels.${table.id}`)}</h3>
            <FieldTable
              caption={`${t(`developers.labels.${table.id}`)}: ${label}`}
              fields={table.fields}
              meanings={meanings}
              showRequired={table.request}
            />
          </div>
        ) : null,
      )}

      <h3>{t('developers.labels.examples')}</h3>
      <CodeBlock
        title={`${t('developers.labels.curl')} · ${label}`}
        language="shell"
        code={endpoint.curl}
        {...copy}
      />
      <CodeBlock
        title={`${t('developers.labels.fetch')} · ${label}`}
        language="JavaScript"
        code={endpoint.fetch}
        {...copy}
      />

      <h3>{t('developers.labels.response')}</h3>
      {endpoint.response ? (
        <CodeBlock
          title={`${t('developers.labels.responseExample')} · ${label}`}
          language="JSON"
          code={endpoint.response}
          {...copy}
        />
      ) : (
        <p className="endpoint__unspecified">{t('developers.labels.notSpecified')}</p>
      )}

      <h3>{t('developers.labels.otherStatuses')}</h3>
      {endpoint.otherStatuses.length > 0 ? (
        <ul className="endpoint__statuses">
          {endpoint.otherStatuses.map((status) => (
            <li key={status}>
              <code>{status}</code> {t(`developers.statuses.${status}`, { defaultValue: '' })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('developers.labels.noOtherStatuses')}</p>
      )}
    </section>
  );
}
