import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersReducedMotion } from '../../hooks/use-reduced-motion';
import { ArrowUpIcon } from '../ui/icons';
import { floatingProps, useFloatingGiveWay } from './floating-give-way';
import './scroll-to-top-button.css';

export const SCROLL_TOP_THRESHOLD = 300;

/** Appears after 300px of scroll; on a phone it gives way while the visitor reads down. */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const away = useFloatingGiveWay();

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      {...floatingProps(away, 'fab fab--small scroll-top')}
      aria-label={t('scrollTop')}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      }}
    >
      <ArrowUpIcon size={18} />
    </button>
  );
}
