const TIMEOUT_MS = 15_000;

/**
 * Sends a newsletter subscription to the configured endpoint as JSON. Resolves when the
 * endpoint accepted it (2xx); rejects on any other answer, a network error or a timeout.
 */
export async function subscribeToNewsletter(
  endpoint: string,
  subscription: { email: string; language: string },
): Promise<void> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: subscription.email.trim(), language: subscription.language }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Newsletter endpoint answered ${response.status}`);
}
