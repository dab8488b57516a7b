import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { forwardOf, type PurchaseEvent, type PurchaseState } from '../lib/purchase-machine';

/** The checkout's history entries: `/#/buy-esim`, `?step=operator`, `?step=contact`, `?step=pay`. */
const historySteps = ['plan', 'operator', 'contact', 'pay'] as const;
type HistoryStep = (typeof historySteps)[number];

/** The entry a state belongs to: everything from the payment step on is one entry. */
export function historyStep(state: PurchaseState): HistoryStep {
  return state.step === 'plan' || state.step === 'operator' || state.step === 'contact'
    ? state.step
    : 'pay';
}

function readStep(search: string): HistoryStep {
  const step = new URLSearchParams(search).get('step');
  return historySteps.find((known) => known === step && known !== 'plan') ?? 'plan';
}

const searchOf = (step: HistoryStep) => (step === 'plan' ? '' : `?step=${step}`);
const rank = (step: HistoryStep) => historySteps.indexOf(step);

type EntryState = { purchaseStep?: true } | null;

/** How many FORWARD events take the flow from `state` to `target`, or null if it cannot go. */
function forwardSteps(state: PurchaseState, target: HistoryStep): number | null {
  let current: PurchaseState | null = state;
  let steps = 0;
  while (current && historyStep(current) !== target) {
    current = forwardOf(current);
    steps += 1;
  }
  return current ? steps : null;
}

/**
 * Steps as browser history entries (issue #15 item 5, decision 059). Moving on pushes an entry;
 * the browser's Back goes one step back (BACK); Back from the payment step never leaves it:
 * it asks `onLeavePayment` (the cancel confirmation) and returns to the payment entry. Forward
 * after Back returns to the step left, with what it held, while that is valid (issue #24). Other
 * changes of the address (a link, Forward past what the flow holds, a reload) are corrected to
 * the step the flow is on. Returns the in-page Back: through history when the entry is ours.
 */
export function useStepHistory(
  state: PurchaseState,
  dispatch: (event: PurchaseEvent) => void,
  onLeavePayment: () => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const urlStep = readStep(location.search);
  const stateStep = historyStep(state);
  const flowStep = state.step;
  const shown = useRef<HistoryStep | null>(null);

  useEffect(() => {
    const before = shown.current;
    shown.current = stateStep;
    const correct = () =>
      void navigate({ search: searchOf(stateStep) }, { replace: true, state: location.state });
    if (before === null) {
      // First render (a reload, a link, the menu): the address says where the flow is.
      if (urlStep !== stateStep) correct();
      return;
    }
    if (before !== stateStep) {
      // The flow moved. Already where the address is: it followed the address (Back).
      if (urlStep === stateStep) return;
      if (rank(stateStep) > rank(before)) {
        void navigate({ search: searchOf(stateStep) }, { state: { purchaseStep: true } });
      } else {
        correct();
      }
      return;
    }
    if (urlStep === stateStep) return;
    // The address moved and the flow did not.
    if (navigationType === 'POP' && rank(urlStep) > rank(stateStep)) {
      // Forward after Back: to the step the buyer left, with what it held, if still valid.
      const steps = forwardSteps(state, urlStep);
      if (steps === null) correct();
      else for (let step = 0; step < steps; step += 1) dispatch({ type: 'FORWARD' });
      return;
    }
    if (navigationType !== 'POP') {
      correct();
      return;
    }
    if (flowStep === 'operator' || flowStep === 'contact') {
      for (let step = rank(stateStep); step > rank(urlStep); step -= 1) dispatch({ type: 'BACK' });
      return;
    }
    // Back from the payment step (or a check, a result): back to its entry; on the payment step
    // the buyer is asked whether to cancel the order.
    void navigate(1);
    if (flowStep === 'payment') onLeavePayment();
    // Only the address and the step matter here, not every render's callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlStep, stateStep]);

  return useCallback(() => {
    if ((location.state as EntryState)?.purchaseStep) void navigate(-1);
    else dispatch({ type: 'BACK' });
  }, [dispatch, location.state, navigate]);
}
