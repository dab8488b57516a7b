import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../components/ui/code-block';
import type { Endpoint } from '../api/endpoints';
import { AccessBadge, MethodBadge } from './access-badge';
import { FieldTable } from './field-table';

/** One endpoint: what it does, who may call it, its fields, examples, response and errors. */
export function EndpointSection({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('dev');
  const key = `developers.endpoints.${endpoint.id}` as const;
  const label = `${endpoint.method} ${endpoint.path}`;
  const fields =
    endpoint.id === 'activate'
      ? undefined
      : (t(`developers.endpoints.${endpoint.id}.fields`, { returnObjects: true }) as Record<
          string,
          string
        >);
  const copy = { copyLabel: t('developers.copy'), copiedLabel: t('developers.copied') };
  const headingId = `endpoint-${endpoint.id}`;

  return (
    <section className="endpoint card" aria-labelledby={headingId}>
      <h2 id={headingId} className="endpoint__title">
        <MethodBadge method={endpoint.method} /> <code>{endpoint.path}</code>
        <span className="endpoint__summary"> — {t(`${key}.summary`)}</span>
      </h2>
      <p>
        <AccessBadge access={endpoint.access} />
      </p>
      <p>{t(`${key}.description`)}</p>

      {endpoint.id === 'purchase' ? (
        <>
          <p>{t('developers.endpoints.purchase.readings')}</p>
          <ol>
            <li>{t('developers.endpoints.purchase.readingOperator')}</li>
            <li>{t('developers.endpoints.purchase.readingPlan')}</li>
          </ol>
        </>
      ) : null}
      {endpoint.id === 'activate' ? <p>{t('developers.endpoints.activate.unspecified')}</p> : null}

      {fields ? (
        <>
          <h3>{t('developers.labels.fields')}</h3>
          <FieldTable caption={`${t('developers.labels.fields')}: ${label}`} fields={fields} />
        </>
      ) : null}

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
        <p className="endpoint__unspecified">
          {endpoint.id === 'purchase' || endpoint.id === 'profile'
            ? t(`developers.endpoints.${endpoint.id}.response`)
            : t('developers.labels.notSpecified')}
        </p>
      )}

      <h3>{t('developers.labels.errors')}</h3>
      <p>{t(`${key}.errors`)}</p>
    </section>
  );
}
