import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { ChatFeedbackSummary } from '../features/chat/components/chat-feedback-summary';
import { LinkCards } from '../features/guides/components/link-cards';

export function DashboardPage() {
  const { t } = useTranslation('dev');
  return (
    <div className="page container">
      <PageMeta page="dashboard" />
      <h1>{t('dashboard.title')}</h1>
      <p className="lead">{t('dashboard.lead')}</p>
      <LinkCards
        cards={[
          { route: 'status', ...t('dashboard.cards.status', { returnObjects: true }) },
          { route: 'developers', ...t('dashboard.cards.developers', { returnObjects: true }) },
          { route: 'audit', ...t('dashboard.cards.audit', { returnObjects: true }) },
        ]}
      />
      <div className="dashboard-feedback">
        <Suspense fallback={<p className="muted">{t('dashboard.feedbackLoading')}</p>}>
          <ChatFeedbackSummary />
        </Suspense>
      </div>
    </div>
  );
}
