import { env } from '../../../config/env';
import { simulatedStatus } from './simulated-status';
import type { StatusSource } from './status-report';

/**
 * Where the status page reads from: VITE_STATUS_URL when it is set (loaded with its validator
 * only then), otherwise the simulated function of SPEC §7.
 */
export function statusSourceFor(url: string | undefined): StatusSource {
  if (!url) return simulatedStatus;
  let remote: Promise<StatusSource> | undefined;
  return async (signal) => {
    remote ??= import('./remote-status').then((module) => module.remoteStatusSource(url));
    return (await remote)(signal);
  };
}

export const defaultStatusSource: StatusSource = statusSourceFor(env.statusUrl);
