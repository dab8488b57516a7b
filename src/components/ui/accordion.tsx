import { createElement, useId, useState, type ReactNode } from 'react';
import './accordion.css';

export type AccordionItem = {
  id: string;
  title: ReactNode;
  content: ReactNode;
};

type AccordionProps = {
  items: readonly AccordionItem[];
  /** Level of the heading that wraps each toggle button (default 3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** Beyond this many items the panels are not landmarks, so screen-reader users are not flooded. */
const MAX_REGIONS = 6;

/**
 * An accordion (WAI-ARIA APG): each item opens and closes on its own, all start closed. The toggle
 * is a button inside a heading, with aria-expanded and aria-controls pointing at its panel.
 */
export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const asRegions = items.length <= MAX_REGIONS;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={`accordion${className ? ` ${className}` : ''}`}>
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${baseId}-button-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <div key={item.id} className="accordion__item" data-open={expanded || undefined}>
            {createElement(
              `h${headingLevel}`,
              { className: 'accordion__heading' },
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span className="accordion__title">{item.title}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>,
            )}
            <div
              id={panelId}
              className="accordion__panel"
              hidden={!expanded}
              {...(asRegions ? { role: 'region', 'aria-labelledby': buttonId } : {})}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
