import { useTranslation } from 'react-i18next';
import { Accordion } from '../../../components/ui/accordion';
import { presentFaqEntries } from '../lib/faq';
import './guides.css';

type FaqListProps = {
  /** The entries to show (default: the translated ones); incomplete entries are dropped. */
  entries?: unknown;
};

/** The help-center FAQ: every entry opens and closes on its own, all closed at first. */
export function FaqList({ entries }: FaqListProps) {
  const { t } = useTranslation('faq');
  const items = presentFaqEntries(entries ?? t('items', { returnObjects: true }));
  return (
    <section aria-label={t('listLabel')} className="faq">
      <Accordion
        headingLevel={2}
        items={items.map((entry) => ({
          id: entry.id,
          title: entry.question,
          content: <p>{entry.answer}</p>,
        }))}
      />
    </section>
  );
}
