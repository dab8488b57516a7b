import { createContext, useContext, type ReactNode } from 'react';
import { env } from '../config/env';
import { browserCheckout, type CheckoutBackend } from '../features/purchase/lib/checkout';
import { serverCheckout } from '../features/purchase/lib/server-checkout';

/**
 * What the features reach through React instead of module settings (issue #26, point 7;
 * decision 093): chosen once when the app starts (`defaultServices`, from the build's settings)
 * and replaced as a whole by tests (`renderWithProviders(ui, { services })`).
 */
export type Services = {
  /** The shop's API base URL (VITE_API_URL, no trailing slash), or undefined in the static shop. */
  apiUrl: string | undefined;
  /** Where the purchase flow's orders are made and its receipts decided (decision 093). */
  checkout: CheckoutBackend;
};

/** The API's services for a base URL: the server's checkout with one, the browser's without. */
export function apiServices(url: string | undefined): Pick<Services, 'apiUrl' | 'checkout'> {
  const apiUrl = url?.replace(/\/+$/, '');
  return { apiUrl, checkout: apiUrl ? serverCheckout(apiUrl) : browserCheckout };
}

export const defaultServices: Services = {
  ...apiServices(env.apiUrl),
};

const ServicesContext = createContext<Services>(defaultServices);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** The services of the app (the defaults outside a provider). */
export const useServices = (): Services => useContext(ServicesContext);
