import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import type { Actor } from '#domain/order-life';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { staffSecurity } from '../platform/http/common-schemas';
import { errorResponses } from '../platform/http/error-schema';
import {
  OrderEventsSchema,
  QueuedSchema,
  SetupWarningsSchema,
  StaffOrderEnvelopeSchema,
  StaffOrderListSchema,
  staffOrderParamSchema,
  StaffOrdersQuerySchema,
  StockImportSchema,
  StockReportSchema,
  ReconciliationReportSchema,
  RejectPaymentBodySchema,
  StatementImportSchema,
  StatementUploadSchema,
} from './schemas';
import {
  confirmPayment,
  importStatement,
  reconciliationReport,
  rejectPayment,
} from '../payments/reconciliation';
import { readMapping } from '../payments/statement-csv';
import { requireApiKey, type PartnerVariables } from '../platform/api-keys';
import { listStaffOrders, resendEmail, staffOrderEvents, withdrawProfile } from './staff-orders';
import { setupWarnings } from './setup-warnings';
import { importStock, stockReport } from '../delivery/stock';
import { limitBody } from '../platform/http/body-limit';
import { createRouter, json } from '../platform/http/router';

const auth = errorResponses({
  401: 'Missing, unknown or revoked key (WWW-Authenticate: Bearer).',
  403: 'A partner key: these routes need a staff key (npm run api-key -- create --staff <name>).',
});

/** A staff route: tagged staff, a staff key, and the key's 401 and 403 beside its own answers. */
const staffRoute = <const R extends Omit<RouteConfig, 'tags' | 'security'>>({
  method,
  path,
  ...route
}: R) =>
  // In the document's order: method, path, tags, then the route's own fields.
  createRoute({
    method,
    path,
    tags: ['staff'],
    ...route,
    security: staffSecurity,
    responses: { ...route.responses, ...auth },
  });

/** A CSV file as the request's body (text/csv), with an example. */
const csvBody = (example: string) => ({
  body: { required: true, content: { 'text/csv': { schema: z.string().openapi({ example }) } } },
});

/** A stock file of 10,000 lines is about 1 MB. */
export const STOCK_BODY_BYTES = 2 * 1024 * 1024;
/** A bank statement: a month's export of 50,000 lines fits (review N6). */
export const STATEMENT_BODY_BYTES = 8 * 1024 * 1024;

const listOrdersRoute = staffRoute({
  method: 'get',
  path: '/orders',
  summary: 'Orders, newest first, with their delivery',
  request: { query: StaffOrdersQuerySchema },
  responses: {
    200: { description: 'A page of orders.', content: json(StaffOrderListSchema) },
    ...errorResponses({ 400: 'A wrong limit or before (validation_failed).' }),
  },
});

const resendRoute = staffRoute({
  method: 'post',
  path: '/orders/{id}/resend',
  summary: 'Send the eSIM email again',
  request: { params: staffOrderParamSchema },
  responses: {
    202: {
      description: 'Queued: the outbox sends it (with retries).',
      content: json(QueuedSchema),
    },
    ...errorResponses({
      404: 'No such order.',
      409: 'No eSIM on the order, a Viber contact, or the address is no longer kept.',
    }),
  },
});

const withdrawRoute = staffRoute({
  method: 'post',
  path: '/orders/{id}/withdraw',
  summary: 'Withdraw the order’s eSIM profile (refund)',
  description:
    'The profile is withdrawn (never handed out again), the order’s delivery reads withdrawn, ' +
    'and an unsent eSIM email is cancelled. Repeating it changes nothing.',
  request: { params: staffOrderParamSchema },
  responses: {
    200: {
      description: 'The order after the withdrawal.',
      content: json(StaffOrderEnvelopeSchema),
    },
    ...errorResponses({ 404: 'No such order.', 409: 'No profile on the order.' }),
  },
});

const eventsRoute = staffRoute({
  method: 'get',
  path: '/orders/{id}/events',
  summary: 'The order’s history',
  description:
    'Every change of the order’s status, delivery state and bank state, oldest first: the ' +
    'event, from and to, who made it, when, and on what evidence.',
  request: { params: staffOrderParamSchema },
  responses: {
    200: { description: 'The events, in order.', content: json(OrderEventsSchema) },
    ...errorResponses({ 404: 'No such order.' }),
  },
});

const stockReportRoute = staffRoute({
  method: 'get',
  path: '/stock',
  summary: 'Stock per operator and plan, and the orders waiting for it',
  responses: {
    200: { description: 'The stock report.', content: json(StockReportSchema) },
  },
});

const stockImportRoute = staffRoute({
  method: 'post',
  path: '/stock',
  summary: 'Import eSIM profiles (CSV)',
  description:
    'Header `operator,plan,iccid,activation_code`; operator MPT, ATOM, Ooredoo or Mytel; plan a ' +
    'plan id on sale; ICCID 19–20 digits starting 89 with its Luhn check digit; activation code ' +
    '`LPA:1$<SM-DP+ address>$<matching ID>`; no ICCID or code twice, in the file or in stock. ' +
    'A file with any problem is refused whole (422 invalid_csv, every problem with its line). ' +
    'Orders waiting for stock get their profiles at once, in order of payment.',
  middleware: [limitBody(STOCK_BODY_BYTES)] as const,
  request: csvBody(
    'operator,plan,iccid,activation_code\nMPT,power-30,8995010000000000001,LPA:1$smdp.example.com$K2-1ABC2-3DEF4G',
  ),
  responses: {
    200: { description: 'Imported.', content: json(StockImportSchema) },
    ...errorResponses({
      413: 'The file is larger than 2 MB.',
      415: 'Not sent as text/csv (unsupported_media_type).',
      422: 'invalid_csv: the file was refused whole; `details` lists every problem by line.',
    }),
  },
});

const setupRoute = staffRoute({
  method: 'get',
  path: '/setup',
  summary: 'What is not set up yet (placeholder merchant ids)',
  description:
    'The warnings the server also logs at start: the shop cannot take real payments until they ' +
    'are gone. Settings are named, their values never shown.',
  responses: {
    200: { description: 'The warnings (empty when set up).', content: json(SetupWarningsSchema) },
  },
});

const reconciliationRoute = staffRoute({
  method: 'get',
  path: '/reconciliation',
  summary: 'Each paid order’s bank state, and the bank’s payments that paid no order',
  responses: {
    200: { description: 'The reconciliation.', content: json(ReconciliationReportSchema) },
  },
});

const statementImportRoute = staffRoute({
  method: 'post',
  path: '/reconciliation/statement',
  summary: 'Import the merchant account’s statement (CSV)',
  description:
    'Header `transaction_id,amount,paid_at,payer,reference` (text/csv), or, for another bank’s ' +
    'export, application/json `{"csv": "…", "mapping": {"columns": {"transaction_id": "Txn ID", ' +
    '"amount": "Credit", "paid_at": "Date"}, "dateFormat": "DD/MM/YYYY HH:mm", "utcOffset": ' +
    '"+06:30"}}`; amounts such as "80,000 Ks" or "80000.00 MMK" are read. A line with the transaction id and amount of a paid order ' +
    'confirms it (a held eSIM leaves at once); another amount is a mismatch; a paid order inside ' +
    'the statement’s period (earliest to latest paid_at) without a line becomes suspect and staff ' +
    'are alerted. A file with any problem is refused whole (422 invalid_csv, each problem with its ' +
    'line); the same lines again change nothing. Payer and reference are kept as text: a cell ' +
    'that looks like a spreadsheet formula is no problem. At most 50,000 lines (8 MB).',
  middleware: [limitBody(STATEMENT_BODY_BYTES)] as const,
  request: csvBody(
    'transaction_id,amount,paid_at,payer,reference\n0123 4567 8901,80000,2026-11-23T16:31:00+06:30,Ko Aung,NXR-20261123-163000',
  ),
  responses: {
    200: { description: 'Imported.', content: json(StatementImportSchema) },
    ...errorResponses({
      400: 'A column mapping that is not valid, or a JSON body that is not JSON (invalid_json).',
      413: 'The file is larger than 2 MB.',
      415: 'Neither text/csv nor application/json.',
      422: 'invalid_csv: the file was refused whole; `details` lists every problem by line.',
    }),
  },
});

const confirmPaymentRoute = staffRoute({
  method: 'post',
  path: '/orders/{id}/confirm-payment',
  summary: 'Confirm a held or suspect payment (staff saw it on the account)',
  description: 'The order’s bank state reads confirmed; a held eSIM leaves at once.',
  request: { params: staffOrderParamSchema },
  responses: {
    200: { description: 'The order now.', content: json(StaffOrderEnvelopeSchema) },
    ...errorResponses({ 404: 'No such order.', 409: 'Not paid, or its payment was rejected.' }),
  },
});

const rejectPaymentRoute = staffRoute({
  method: 'post',
  path: '/orders/{id}/reject-payment',
  summary: 'Reject a payment that is not on the account',
  description:
    'The order gets no eSIM: a held one never leaves, a delivered profile is withdrawn (as a ' +
    'refund’s withdraw), and the reason is recorded.',
  request: {
    params: staffOrderParamSchema,
    body: { required: true, content: json(RejectPaymentBodySchema) },
  },
  responses: {
    200: { description: 'The order now.', content: json(StaffOrderEnvelopeSchema) },
    ...errorResponses({
      400: 'No reason given.',
      404: 'No such order.',
      409: 'Not paid.',
    }),
  },
});

/** Who a staff change is recorded as in the order's history: the staff key's name. */
const staffActor = (variables: object): Actor =>
  `staff:${(variables as PartnerVariables).apiKey.name}`;

/** A Content-Type without its parameters, lowercased: `text/csv; charset=utf-8` → `text/csv`. */
const mediaType = (header = '') => header.split(';')[0]!.trim().toLowerCase();

/** GET/POST /api/staff/*: the staff's orders, resend, withdraw and stock (a staff key). */
export function staffRoutes(deps: Deps) {
  const router = createRouter();
  router.use('*', requireApiKey(deps, 'staff'));

  router.openapi(listOrdersRoute, async (c) => {
    const { limit, before, number } = c.req.valid('query');
    return c.json({ orders: await listStaffOrders(deps, { limit, before, number }) }, 200);
  });

  router.openapi(resendRoute, async (c) => {
    await resendEmail(deps, c.req.valid('param').id);
    return c.json({ queued: true as const }, 202);
  });

  router.openapi(withdrawRoute, async (c) => {
    const order = await withdrawProfile(deps, c.req.valid('param').id, staffActor(c.var));
    return c.json({ order }, 200);
  });

  router.openapi(eventsRoute, async (c) =>
    c.json({ events: await staffOrderEvents(deps, c.req.valid('param').id) }, 200),
  );

  router.openapi(setupRoute, (c) => c.json({ warnings: setupWarnings(deps.config) }, 200));

  router.openapi(stockReportRoute, async (c) => c.json(await stockReport(deps), 200));

  router.openapi(stockImportRoute, async (c) => {
    if (mediaType(c.req.header('content-type')) !== 'text/csv') {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the stock file as Content-Type: text/csv.',
      );
    }
    return c.json(await importStock(deps, await c.req.text()), 200);
  });

  router.openapi(reconciliationRoute, async (c) => c.json(await reconciliationReport(deps), 200));

  router.openapi(statementImportRoute, async (c) => {
    const type = mediaType(c.req.header('content-type'));
    const actor = staffActor(c.var);
    if (type === 'text/csv') {
      return c.json(await importStatement(deps, await c.req.text(), {}, actor), 200);
    }
    if (type !== 'application/json') {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the statement as text/csv, or as JSON {csv, mapping}.',
      );
    }
    const json: unknown = await c.req.json().catch(() => {
      throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
    });
    const body = StatementUploadSchema.safeParse(json);
    if (!body.success) {
      throw new ApiError(400, 'validation_failed', 'Send {"csv": "…", "mapping": {…}}.');
    }
    let mapping;
    try {
      mapping = readMapping(body.data.mapping ?? {});
    } catch (error) {
      throw new ApiError(400, 'validation_failed', (error as Error).message);
    }
    return c.json(await importStatement(deps, body.data.csv, mapping, actor), 200);
  });

  router.openapi(confirmPaymentRoute, async (c) => {
    const order = await confirmPayment(deps, c.req.valid('param').id, staffActor(c.var));
    return c.json({ order }, 200);
  });

  router.openapi(rejectPaymentRoute, async (c) => {
    const { reason } = c.req.valid('json');
    const id = c.req.valid('param').id;
    return c.json({ order: await rejectPayment(deps, id, reason, staffActor(c.var)) }, 200);
  });

  return router;
}
