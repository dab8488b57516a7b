import type { ReactNode } from 'react';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import './step-heading.css';

type StepHeadingProps = {
  id: string;
  /** Move focus here when the step appears (after the buyer moved to it, not on page load). */
  focusOnMount: boolean;
  children: ReactNode;
};

/** The heading of a step; screen reader and keyboard users land on it when the step changes. */
export function StepHeading({ id, focusOnMount, children }: StepHeadingProps) {
  const ref = useFocusOnArrival<HTMLHeadingElement>(focusOnMount);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="purchase-step__heading">
      {children}
    </h2>
  );
}
