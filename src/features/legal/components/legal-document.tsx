import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { paths } from '#domain/paths';
import { site, telHref, viberChatHref } from '../../../config/site';
import { formatLongDate, formatNumber } from '../../../lib/i18n/format';
import { calendarDate, legalLastUpdated, type LegalDocumentName } from '../lib/legal-dates';
import { LegalBody } from './legal-body';
import { RefundRules } from './refund-rules';
import '../legal.css';

export type { LegalDocumentName };

type LegalSection = { title: string; body: string[] };

const documents: readonly LegalDocumentName[] = ['privacy', 'terms', 'refund'];

type LegalDocumentProps = {
  document: LegalDocumentName;
};

/** One legal page: title, Last updated date, introduction and numbered sections. */
export function LegalDocument({ document }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const values = {
    brand: site.brandName,
    email: site.email,
    phone: site.phone,
    viber: site.viberNumber,
  };
  const sections = t(`${document}.sections`, {
    returnObjects: true,
    ...values,
  }) as unknown as LegalSection[];
  const updated = legalLastUpdated[document];
  // The refund policy opens with its rules, drawn from the code that decides every request.
  const before = document === 'refund' ? 1 : 0;
  const links = [
    { text: site.email, href: `mailto:${site.email}` },
    { text: site.phone, href: telHref(site.phone) },
    { text: site.viberNumber, href: viberChatHref() },
  ];

  return (
    <article className="page container legal" aria-labelledby="legal-title">
      <PageMeta page={document} />
      <header className="legal__header">
        <h1 id="legal-title">{t(`${document}.title`)}</h1>
        <p className="legal__updated">
          {t('lastUpdated')}{' '}
          <time dateTime={updated}>{formatLongDate(calendarDate(updated), i18n.language)}</time>
        </p>
        <p className="lead">{t(`${document}.intro`, values)}</p>
      </header>
      <div className="legal__sections">
        {document === 'refund' && <RefundRules number={1} />}
        {sections.map((section, at) => {
          const number = at + 1 + before;
          return (
            <section
              key={section.title}
              className="legal__section"
              aria-labelledby={`legal-section-${number}`}
            >
              <h2 id={`legal-section-${number}`}>
                {/* Counted in the UI language's digits, as the lists are (၁. ၂. ၃. in Burmese). */}
                <span className="legal__number">{formatNumber(number, i18n.language)}.</span>{' '}
                {section.title}
              </h2>
              <LegalBody lines={section.body} links={links} />
            </section>
          );
        })}
      </div>
      <nav className="legal__nav" aria-label={t('nav.label')}>
        <ul>
          {documents.map((name) => (
            <li key={name}>
              <NavLink to={paths[name]} end className="legal__nav-link">
                {t(`nav.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
