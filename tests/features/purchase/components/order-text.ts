import type { MatcherFunction } from '@testing-library/react';

/**
 * Matches the element that says `text` (its whole text) with the order number `number` kept on
 * one line inside it: in its own nowrap span (OrderNumberText), so "#NXR-20261125-074111" is
 * never broken at a hyphen.
 */
export const withOrderNumber =
  (text: string | RegExp, number: string): MatcherFunction =>
  (_content, element) => {
    if (!element) return false;
    const whole = element.textContent ?? '';
    if (typeof text === 'string' ? whole !== text : !text.test(whole)) return false;
    return [...element.children].some(
      (child) => child.matches('.purchase-order-number') && child.textContent === number,
    );
  };
