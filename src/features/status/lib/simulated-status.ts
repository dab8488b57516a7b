import { worstState, type ServiceReport, type StatusReport } from './status-report';

/** SPEC §7: the page's default source is a local function with fixed data and no network call. */
export const SIMULATED_DELAY_MS = 500;
export const SIMULATED_UPTIME = 99.9;
export const SIMULATED_RESPONSE_MS = 120;

/** The services a buyer depends on, in the order a purchase uses them. */
export const simulatedServiceIds = ['storefront', 'payment', 'verification', 'delivery'] as const;

const serviceNames: Record<(typeof simulatedServiceIds)[number], string> = {
  storefront: 'Website and ordering',
  payment: 'MMQR payment codes',
  verification: 'AI payment verification',
  delivery: 'eSIM QR delivery',
};

/** Resolves after 500 ms with every service operational (uptime 99.9 %, 120 ms). */
export function simulatedStatus(signal: AbortSignal): Promise<StatusReport> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      const services: ServiceReport[] = simulatedServiceIds.map((id) => ({
        id,
        name: serviceNames[id],
        status: 'operational',
        latencyMs: SIMULATED_RESPONSE_MS,
        uptime: SIMULATED_UPTIME,
      }));
      resolve({
        overall: worstState(services.map((service) => service.status)),
        lastChecked: new Date(),
        services,
      });
    }, SIMULATED_DELAY_MS);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
