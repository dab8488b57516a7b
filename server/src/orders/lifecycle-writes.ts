import { transition, type Transition } from '#domain/order-life';
import type { Queries } from '../db/database';
import type { OrderRow } from '../db/schema';
import { ApiError } from '../platform/errors';
import {
  changedOrder,
  writeStatement,
  type Compose,
  type StateWrite,
  type WriteCondition,
} from './lifecycle/queries';

/**
 * The one writer of an order's state (issue #39, decision 115): `orders.status`,
 * `delivery_state` and `bank_state` change here and nowhere else. A write asks the domain's pure
 * `transition` what its events do from the state the caller read, then runs ONE statement
 * (lifecycle/queries.ts): `UPDATE orders … WHERE id AND <the state it expects> RETURNING`, and an
 * `order_events` row per event from the updated row. The state and its history therefore change
 * together or not at all, and a write that finds the order moved on changes nothing and says so
 * (409). The paths that use it (paying, confirming, delivering, withdrawing) are in lifecycle.ts
 * and the modules of delivery, provisioning, payments and staff.
 */

export type { Evidence, OrderColumns, StateWrite } from './lifecycle/queries';
export { orderFields } from './lifecycle/queries';

/** A change refused: illegal from the state read, or the order moved on meanwhile. */
export class TransitionRefused extends ApiError {
  constructor(
    readonly reason: 'illegal_transition' | 'state_changed',
    message: string,
  ) {
    super(409, reason, message);
    this.name = 'TransitionRefused';
  }
}

/**
 * A write's statement with `compose`'s own query over `changed` (see {@link writeStatement}):
 * the domain plans the write first, and refuses it (409) before any statement when it is
 * illegal from the state read.
 */
export function composedWrite<Row>(name: string, compose: Compose, when?: WriteCondition) {
  const statement = writeStatement<Row>(name, compose, when);
  return async (
    q: Queries,
    write: StateWrite,
    extra: Record<string, unknown> = {},
  ): Promise<{ rows: Row[]; transition: Transition }> => {
    const planned = plan(write);
    const rows = await statement(q, write, planned, extra);
    return { rows, transition: planned };
  };
}

/** The domain's answer for a write, or the refusal thrown. */
function plan(write: StateWrite): Transition {
  const planned = transition(write.order, ...write.events);
  if (!planned.ok) throw new TransitionRefused('illegal_transition', planned.message);
  return planned;
}

const writeOrder = composedWrite<OrderRow>('order_life', changedOrder);

export type Applied = { order: OrderRow; transition: Transition };

/**
 * Writes a change of one order and its events (one statement). Throws {@link TransitionRefused}
 * (409) when the change is illegal from the state read, or the order no longer holds it.
 */
export async function applyTransition(q: Queries, write: StateWrite): Promise<Applied> {
  const { rows, transition: planned } = await writeOrder(q, write);
  const [order] = rows;
  if (!order) {
    throw new TransitionRefused(
      'state_changed',
      `The order changed meanwhile: ${write.events.map((event) => event.type).join(', ')} no longer applies.`,
    );
  }
  return { order, transition: planned };
}

/**
 * {@link applyTransition} for a caller that has its own answer to a refusal (a race it expects,
 * such as an email sent for an order withdrawn meanwhile): the refusal is returned, not thrown.
 */
export async function tryTransition(
  q: Queries,
  write: StateWrite,
): Promise<Applied | TransitionRefused> {
  try {
    return await applyTransition(q, write);
  } catch (error) {
    if (error instanceof TransitionRefused) return error;
    throw error;
  }
}
