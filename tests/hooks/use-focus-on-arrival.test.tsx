import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusOnArrival } from '../../src/hooks/use-focus-on-arrival';

function Step({ title, enabled = true }: { title: string; enabled?: boolean }) {
  const heading = useFocusOnArrival<HTMLHeadingElement>(enabled);
  return (
    <section>
      <button type="button">Elsewhere</button>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
    </section>
  );
}

/** Records what has focus when a heading is added, as a MutationObserver-based wait would see it. */
function focusWhenAdded(name: string) {
  let seen: Element | null | undefined;
  const observer = new MutationObserver(() => {
    if (seen === undefined && screen.queryByRole('heading', { name }))
      seen = document.activeElement;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    return seen;
  };
}

describe('useFocusOnArrival', () => {
  it('has focus on the element by the time anything observes it in the page', async () => {
    // As in the shop: the step changes when an answer arrives, outside any act() of a test.
    let arrive: () => void = () => {};
    const answer = new Promise<void>((resolve) => (arrive = resolve));
    function Flow() {
      const [done, setDone] = useState(false);
      useEffect(() => void answer.then(() => setDone(true)), []);
      return done ? <Step title="Payment confirmed" /> : <p>Checking…</p>;
    }
    render(<Flow />);
    const seen = focusWhenAdded('Payment confirmed');
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      arrive();
      await screen.findByRole('heading', { name: 'Payment confirmed' });
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(seen()).toBe(screen.getByRole('heading', { name: 'Payment confirmed' }));
  });

  it('leaves focus alone when not enabled (a step opened by a reload, not by the buyer)', () => {
    render(<Step title="Choose your data plan" enabled={false} />);
    expect(document.body).toHaveFocus();
  });

  it('moves focus once per arrival: not on a re-render, again for new content (a new key)', () => {
    const { rerender } = render(<Step key="first.png" title="Your image" />);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(<Step key="first.png" title="Your image" />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    rerender(<Step key="second.png" title="Your image" />);
    expect(screen.getByRole('heading', { name: 'Your image' })).toHaveFocus();
  });
});
