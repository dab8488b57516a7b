import { Fragment } from 'react';
import './order-number-text.css';

/** Stands where the order number goes in a translated sentence: a private-use character. */
const SLOT = '\uE000';

type OrderNumberTextProps = {
  number: string;
  /** The sentence, given what to write where the order number goes (`t(key, { order })`). */
  children: (order: string) => string;
};

/**
 * A sentence with the order number in it, the number on one line: "#NXR-20261125-074111" never
 * breaks at a hyphen, in either language. The sentence is translated whole (word order differs
 * between English and Burmese); only the number is wrapped.
 */
export function OrderNumberText({ number, children }: OrderNumberTextProps) {
  return children(SLOT)
    .split(SLOT)
    .map((part, index) => (
      <Fragment key={index}>
        {index > 0 && <span className="purchase-order-number">{number}</span>}
        {part}
      </Fragment>
    ));
}
