import { useId, type ReactNode } from 'react';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';

/** The card around a finished image or video: its heading takes focus when it appears. */
export function MediaResult({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <section className="card media-result" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
