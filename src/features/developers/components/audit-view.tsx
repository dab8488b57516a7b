import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { CodeBlock } from '../../../components/ui/code-block';
import { site } from '../../../config/site';
import { catalogueJson } from '../audit/catalogue-json';
import { deployScript } from '../audit/deploy-script';
import { openApiYaml } from '../audit/openapi-spec';
import { testReport } from '../audit/self-check';
import '../developers.css';

type BlockId = 'catalogue' | 'api' | 'deploy' | 'tests';

/** The /audit page: hosting, then four code blocks with copy buttons. */
export function AuditView() {
  const { t } = useTranslation('dev');
  const blocks = useMemo(
    (): { id: BlockId; file: string; language: string; code: string }[] => [
      { id: 'catalogue', file: 'catalogue.json', language: 'JSON', code: catalogueJson() },
      { id: 'api', file: 'openapi.yaml', language: 'YAML', code: openApiYaml() },
      { id: 'deploy', file: 'deploy.sh', language: 'Bash', code: deployScript() },
      { id: 'tests', file: 'test-report.txt', language: 'Text', code: testReport(site.brandName) },
    ],
    [],
  );
  return (
    <div className="page container dev-page">
      <PageMeta page="audit" />
      <header className="dev-page__header">
        <h1>{t('audit.title')}</h1>
        <p className="lead">{t('audit.intro')}</p>
        <p className="audit__hosting">{t('audit.hosting')}</p>
      </header>
      {blocks.map((block) => (
        <section key={block.id} className="audit__block" aria-labelledby={`audit-${block.id}`}>
          <h2 id={`audit-${block.id}`}>{t(`audit.blocks.${block.id}.title`)}</h2>
          <p>{t(`audit.blocks.${block.id}.text`)}</p>
          <CodeBlock
            title={block.file}
            language={block.language}
            code={block.code}
            copyLabel={t('audit.copy')}
            copiedLabel={t('audit.copied')}
            unbounded={block.id === 'tests'}
          />
        </section>
      ))}
    </div>
  );
}
