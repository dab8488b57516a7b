import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findOperator, findPlan, recommendedPlan } from '#domain/catalogue';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { toLanguage } from '../../../lib/i18n/languages';
import { stepperPosition, type PurchaseState } from '../lib/purchase-machine';
import { usePurchaseFlow } from '../hooks/use-purchase-flow';
import { useReceiptPicker } from '../hooks/use-receipt-picker';
import { useOrderCreation, useReceiptVerification } from '../hooks/use-checkout-requests';
import { useOrderChange } from '../hooks/use-order-change';
import { useStepHistory } from '../hooks/use-step-history';
import { operatorStock } from '../lib/checkout';
import { useCheckout } from '../hooks/use-checkout';
import { useStockAvailability } from '../hooks/use-stock-availability';
import { ContactStep } from './contact-step';
import { ExpiredPanel } from './expired-panel';
import { OperatorStep } from './operator-step';
import { OrderChange } from './order-change';
import { PaymentStep } from './payment-step';
import { PlanStep } from './plan-step';
import { PlanStructuredData } from './plan-structured-data';
import { PurchaseStepper } from './purchase-stepper';
import { ResultFailure } from './result-failure';
import { ResultSuccess } from './result-success';
import { StepError } from './step-error';
import { VerifyingPanel } from './verifying-panel';
import './purchase-flow.css';

const selectedPlanId = (state: PurchaseState) =>
  'order' in state ? state.order.planId : state.draft.planId;

/** The five-step purchase: plan, operator, contact, payment, result (SPEC §2, §4). */
export function PurchaseFlow() {
  const { i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  // The checkout backend, chosen once at start (decision 093): this browser, or the server.
  const checkout = useCheckout();
  const [state, dispatch] = usePurchaseFlow(checkout, language);
  const pickReceipt = useReceiptPicker(dispatch);
  const verify = useReceiptVerification(checkout, dispatch, language);
  const creation = useOrderCreation(checkout, dispatch, language);
  // Which operators have an eSIM ready now, asked on arrival at the operators.
  const choosing = state.step === 'operator' || state.step === 'contact';
  const availability = useStockAvailability(checkout, choosing);
  const change = useOrderChange(checkout, dispatch);
  // The cancel confirmation: from its button, or from the browser's Back on the payment step.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // A late upload has no order to cancel (its code has expired): Back stays on the upload.
  const late = state.step === 'payment' && state.late === true;
  const back = useStepHistory(state, dispatch, () => {
    if (!late) setConfirmingCancel(true);
  });
  // Left the payment step another way (expiry, a receipt): the question is gone with it.
  if (confirmingCancel && state.step !== 'payment') setConfirmingCancel(false);
  // An order found kept when the page opened (a reload, a return from another page) is said so.
  const [keptNumber] = useState(() => (state.step === 'payment' ? state.order.number : null));

  // Focus follows the buyer from step to step, but not on the first render of the page.
  const [firstStep] = useState(state.step);
  const [moved, setMoved] = useState(false);
  // Adjusting state while rendering (not in an effect): once moved, always moved.
  if (!moved && state.step !== firstStep) setMoved(true);
  const focusOnMount = moved || state.step !== firstStep;
  // A new step starts at the top of the page (issue #44): its choice is then on the first screen
  // of a phone, not wherever the last step's button was. The heading's focus then scrolls nothing.
  useLayoutEffect(() => {
    if (focusOnMount) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [state.step, focusOnMount]);

  const plan = findPlan(selectedPlanId(state) ?? '') ?? recommendedPlan;
  const position = stepperPosition(state);

  const step = (() => {
    switch (state.step) {
      case 'plan':
        return (
          <PlanStep
            focusOnMount={focusOnMount}
            onChoose={(planId) => dispatch({ type: 'SELECT_PLAN', planId })}
          />
        );
      case 'operator':
        return (
          <OperatorStep
            planId={state.draft.planId}
            focusOnMount={focusOnMount}
            onChoose={(operatorId) => dispatch({ type: 'SELECT_OPERATOR', operatorId })}
            onBack={back}
            availability={availability}
          />
        );
      case 'contact':
        return (
          <ContactStep
            planId={state.draft.planId}
            operatorId={state.draft.operatorId}
            contact={state.draft.contact}
            onEdit={(contact) => dispatch({ type: 'EDIT_CONTACT', contact })}
            onContinue={() => void creation.create(state.draft)}
            creating={creation.pending}
            createFailed={creation.failed}
            createLimited={creation.limited}
            onBack={back}
            notReady={
              availability &&
              operatorStock(availability, state.draft.operatorId, state.draft.planId) === 'notReady'
                ? {
                    operatorName: findOperator(state.draft.operatorId)?.name ?? '',
                    promiseMinutes: availability.promiseMinutes,
                  }
                : null
            }
            emailDelivery={
              checkout.recordsOrders ? availability?.emailDelivery === true : undefined
            }
          />
        );
      case 'payment': {
        const { order, receipt } = state;
        return (
          <PaymentStep
            order={order}
            kept={order.number === keptNumber}
            late={late}
            change={
              <OrderChange
                order={order}
                busy={change.pending}
                confirming={confirmingCancel}
                onConfirmingChange={setConfirmingCancel}
                onChangeContact={(contact) => change.changeContact(order, contact)}
                onCancel={async () => {
                  const outcome = await change.cancel(order);
                  if (outcome === 'done') setConfirmingCancel(false);
                  return outcome;
                }}
              />
            }
            receipt={receipt}
            interrupted={state.interrupted}
            focusOnMount={focusOnMount}
            onFile={(file) => void pickReceipt(file)}
            onRemoveReceipt={() => dispatch({ type: 'RECEIPT_CLEARED' })}
            onSubmit={() => receipt.image && void verify(order, receipt.image)}
            onStartOver={() => dispatch({ type: 'START_OVER' })}
          />
        );
      }
      case 'verifying':
        return <VerifyingPanel order={state.order} focusOnMount={focusOnMount} />;
      case 'result': {
        // The backend's kind of result chooses the screen (decision 142).
        const result = checkout.resultOf(state.order, state.verification);
        return result.kind !== 'refused' ? (
          <ResultSuccess
            order={state.order}
            result={result}
            focusOnMount={focusOnMount}
            onBuyAnother={() => dispatch({ type: 'START_OVER' })}
            emailDelivery={availability?.emailDelivery}
          />
        ) : (
          <ResultFailure
            order={state.order}
            result={result}
            focusOnMount={focusOnMount}
            onTryAgain={() => dispatch({ type: 'TRY_AGAIN', now: Date.now() })}
            onStartOver={() => dispatch({ type: 'START_OVER' })}
          />
        );
      }
      case 'expired':
        return (
          <ExpiredPanel
            order={state.order}
            focusOnMount={focusOnMount}
            onStartOver={() => dispatch({ type: 'START_OVER' })}
            onUploadLate={() => dispatch({ type: 'UPLOAD_LATE' })}
          />
        );
    }
  })();

  return (
    <div
      className={`purchase${'order' in state ? ' purchase--ordered' : ''}${state.step === 'plan' ? '' : ' purchase--past-plan'}`}
    >
      <PlanStructuredData plan={plan} />
      {/* After the first step a phone shows one line ("Step 2 of 5: Operator"), not five markers. */}
      {position && <PurchaseStepper current={position} compact={state.step !== 'plan'} />}
      <div className={`purchase__panel purchase__panel--${state.step}`} key={state.step}>
        {/* A step that fails to render never blanks the checkout: the order is kept. */}
        <ErrorBoundary
          label="A purchase step failed"
          fallback={<StepError orderNumber={'order' in state ? state.order.number : null} />}
        >
          {step}
        </ErrorBoundary>
      </div>
    </div>
  );
}
