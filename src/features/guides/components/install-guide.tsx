import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/tabs';
import './guides.css';

type Step = { title: string; text: string };

function StepList({ steps, label }: { steps: readonly Step[]; label: string }) {
  return (
    <ol className="step-list" aria-label={label}>
      {steps.map((step) => (
        <li key={step.title} className="card step-list__item">
          <h2 className="step-list__title">{step.title}</h2>
          <p className="step-list__text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The install guide: iPhone (default) and Android tabs with four numbered steps each. */
export function InstallGuide() {
  const { t } = useTranslation('guide');
  const platforms = ['ios', 'android'] as const;
  return (
    <Tabs
      label={t('howItWorks.tabsLabel')}
      defaultId="ios"
      className="install-guide"
      items={platforms.map((platform) => ({
        id: platform,
        label: t(`howItWorks.tabs.${platform}`),
        panel: (
          <StepList
            steps={t(`howItWorks.${platform}`, { returnObjects: true })}
            label={t('howItWorks.stepsLabel', { platform: t(`howItWorks.tabs.${platform}`) })}
          />
        ),
      }))}
    />
  );
}

/** The three important notes: activate on arrival, Wi-Fi to install, deleting is irreversible. */
export function InstallNotes() {
  const { t } = useTranslation('guide');
  const notes = t('howItWorks.notes', { returnObjects: true });
  return (
    <section className="guide-section" aria-labelledby="install-notes">
      <h2 id="install-notes">{t('howItWorks.notesTitle')}</h2>
      <ul className="note-list">
        {notes.map((note) => (
          <li key={note.title} className="alert alert--warning note-list__item">
            <h3 className="note-list__title">{note.title}</h3>
            <p>{note.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
