import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useServices } from '../../../lib/services';
import { browserCheckout, type CheckoutBackend } from '../lib/checkout';
import { serverCheckout } from '../lib/server-checkout';

const CheckoutContext = createContext<CheckoutBackend | undefined>(undefined);

/** Gives the purchase flow a checkout backend of its own (tests: a fake one). */
export function CheckoutProvider({
  checkout,
  children,
}: {
  checkout: CheckoutBackend;
  children: ReactNode;
}) {
  return <CheckoutContext value={checkout}>{children}</CheckoutContext>;
}

/**
 * The purchase flow's checkout backend (decision 093): one given by a CheckoutProvider, else the
 * server's when the services name an API, else this browser's. It follows from the services the
 * app chose once at start; the flow never asks which it is.
 */
export function useCheckout(): CheckoutBackend {
  const given = useContext(CheckoutContext);
  const { apiUrl, ai } = useServices();
  return useMemo(
    () => given ?? (apiUrl ? serverCheckout(apiUrl) : browserCheckout(ai)),
    [given, apiUrl, ai],
  );
}
