/** The three states of a service and of the whole system (SPEC §4). */
export const serviceStates = ['operational', 'degraded', 'outage'] as const;
export type ServiceState = (typeof serviceStates)[number];

export type ServiceReport = {
  id: string;
  /** The name sent by the status source; the page prefers its own translation for known ids. */
  name: string;
  status: ServiceState;
  /** The source's own message; without one the page shows a translated line for the state. */
  message?: string;
  /** Response time in milliseconds, when known. */
  latencyMs?: number;
  /** Uptime in percent, when known. */
  uptime?: number;
};

export type StatusReport = {
  overall: ServiceState;
  lastChecked: Date;
  /** The shop's server decides receipts from its demo script (no Gemini key). */
  demo?: boolean;
  services: ServiceReport[];
  /** The shop's server: what is left today of each public AI feature's requests (decision 121). */
  aiBudgets?: AiBudgetReport[];
};

export const aiFeatures = ['chat', 'compatibility', 'support', 'image', 'video'] as const;
export type AiBudgetReport = {
  feature: (typeof aiFeatures)[number];
  left: number;
  total: number;
};

/** Loads one status report; rejects on any failure (network, bad response, abort). */
export type StatusSource = (signal: AbortSignal) => Promise<StatusReport>;

/** How often the status page checks again (SPEC §9). */
export const STATUS_POLL_MS = 5_000;

/** The worst of several states: one outage makes an outage, one degraded service degrades. */
export function worstState(states: readonly ServiceState[]): ServiceState {
  if (states.includes('outage')) return 'outage';
  if (states.includes('degraded')) return 'degraded';
  return 'operational';
}
