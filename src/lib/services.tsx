import { createContext, useContext, type ReactNode } from 'react';
import { env } from '../config/env';
import type { AiSettings } from './ai/client';

/**
 * What the features reach through React instead of module settings (issue #26, point 7;
 * decisions 093 and 095): chosen once when the app starts (`defaultServices`, from the build's
 * settings, given by app.tsx) and replaced by tests (`renderWithProviders(ui, { services })`).
 * The purchase flow's checkout backend follows from the API's URL (useCheckout, decision 093).
 */
export type Services = {
  /** The shop's API base URL (VITE_API_URL, no trailing slash), or undefined in the static shop. */
  apiUrl: string | undefined;
  /** The AI service's settings, handed to every call of lib/ai (decision 095). */
  ai: AiSettings;
};

/** The services of a shop whose API is at this URL (none: the static shop). */
export const apiServices = (url: string | undefined): Pick<Services, 'apiUrl'> => ({
  apiUrl: url?.replace(/\/+$/, ''),
});

export const defaultServices: Services = { ...apiServices(env.apiUrl), ai: env.ai };

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
