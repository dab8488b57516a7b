import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { answerBrowserDemoRequest } from '../../src/lib/ai/demo/browser-demo-fetch';

/** The Gemini REST API's address pattern, for per-test handlers. */
export const GEMINI = 'https://generativelanguage.googleapis.com';

/**
 * By default the AI service answers as the demo does (the same handlers that drive demo mode);
 * a test replaces them with `server.use(...)` to script failures and edge cases.
 */
export const geminiHandlers = [
  http.all(`${GEMINI}/*`, ({ request }) => answerBrowserDemoRequest(request)),
];

/**
 * The shop's API (server mode), for what a test does not script itself: an API without the
 * stock answer (the operator step then says what it always said) and a set-up shop (no staff
 * warnings). Tests of those features script them with `server.use(...)`.
 */
export const shopApiDefaults = [
  http.get('*/api/availability', () =>
    HttpResponse.json(
      { error: { code: 'not_found', message: 'No stock answer' } },
      { status: 404 },
    ),
  ),
  http.get('*/api/staff/setup', () => HttpResponse.json({ warnings: [] })),
  // Refunds and replacements (issue #41): no request yet, none for staff.
  http.get('*/api/orders/:id/request', () =>
    HttpResponse.json({ request: null, standing: 'not_installed', paidAt: null }),
  ),
  http.get('*/api/staff/requests', () => HttpResponse.json({ requests: [] })),
];

export const server = setupServer(...geminiHandlers, ...shopApiDefaults);
