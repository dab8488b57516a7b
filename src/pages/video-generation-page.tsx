import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { DemoNote } from '../features/media/components/demo-note';
import { VideoGenerator } from '../features/media/components/video-generator';

export function VideoGenerationPage() {
  const { t } = useTranslation('media');
  return (
    <div className="page container media-page">
      <PageMeta page="videoGeneration" />
      <h1>{t('video.title')}</h1>
      <p className="lead">{t('video.lead')}</p>
      <DemoNote />
      <VideoGenerator />
    </div>
  );
}
