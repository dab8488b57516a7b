import { createRoute, z } from '@hono/zod-openapi';
import type { OperatorId } from '#domain/catalogue';
import type { Deps } from '../deps';
import { ApiError } from '../platform/errors';
import { ours } from '../platform/http/common-schemas';
import { errorResponses } from '../platform/http/error-schema';
import { constantTimeEqual } from '../platform/hashing';
import { recordProgress } from './install-progress';
import { limitBody } from '../platform/http/body-limit';
import { createRouter } from '../platform/http/router';

/**
 * The callback an operator's SM-DP+ calls as a buyer's phone downloads and installs a profile
 * the shop ordered over ES2+ (SGP.22 §5.3.5, issue #27, decision 077). Only an SM-DP+ the shop
 * configured may call it: `Authorization: Bearer <ES2PLUS_<OP>_CALLBACK_TOKEN>` names the
 * operator. A reverse proxy in front may also require the SM-DP+'s client certificate.
 */

/** Where the router is mounted, and the one callback under it. */
export const ES2PLUS_PREFIX = '/gsma/rsp2/es2plus';
const PROGRESS_PATH = '/handleDownloadProgressInfo';

const ProgressSchema = z
  .object({
    header: z.object({
      functionRequesterIdentifier: z.string().max(256),
      functionCallIdentifier: z.string().max(256),
    }),
    eid: z.string().max(64).optional(),
    iccid: z
      .string()
      .regex(/^[0-9]{18,20}F?$/i)
      .openapi({ example: '8995060000000000017' }),
    profileType: z.string().max(256),
    timestamp: z.iso.datetime({ offset: true }).openapi({ example: '2026-11-23T10:05:00Z' }),
    notificationPointId: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .openapi({
        description:
          '1 eligibility and retry limit check, 2 confirmation failure, 3 BPP download, 4 BPP ' +
          'installation, 5 deleted, 6 enabled, 7 disabled.',
      }),
    notificationPointStatus: z.object({
      status: z.enum(['Executed-Success', 'Executed-WithWarning', 'Failed', 'Expired']),
      statusCodeData: z
        .object({
          subjectCode: z.string().max(64).optional(),
          reasonCode: z.string().max(64).optional(),
          subjectIdentifier: z.string().max(256).optional(),
          message: z.string().max(1024).optional(),
        })
        .optional(),
    }),
    resultData: z.string().max(65_536).optional(),
  })
  .openapi('DownloadProgressInfo');

const progressRoute = createRoute({
  method: 'post',
  path: PROGRESS_PATH,
  tags: ['es2plus'],
  summary: 'ES2+ HandleDownloadProgressInfo (called by the operator’s SM-DP+)',
  description:
    'The SM-DP+ reports each notification point of a profile the shop ordered from it. Each ' +
    'notification is recorded once per ICCID; the order’s esim.installState follows ' +
    '(released, downloaded, installed, failed, deleted). An unknown ICCID is logged and ' +
    'answered 204 as well.',
  security: [{ bearerKey: [] }],
  ...ours,
  request: {
    body: { required: true, content: { 'application/json': { schema: ProgressSchema } } },
  },
  responses: {
    204: { description: 'Recorded (or a repeat, or an unknown ICCID).' },
    ...errorResponses({
      400: 'Not a HandleDownloadProgressInfo body (validation_failed).',
      401: 'No ES2PLUS_<OP>_CALLBACK_TOKEN of any configured operator.',
    }),
  },
});

/** The operator whose SM-DP+ holds this bearer token, or null. */
function operatorOfToken(deps: Deps, authorization: string | undefined): OperatorId | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  for (const [id, setting] of Object.entries(deps.config.provisioning.operators)) {
    if (setting.source !== 'es2plus' || !setting.callbackToken) continue;
    if (constantTimeEqual(token, setting.callbackToken)) return id as OperatorId;
  }
  return null;
}

export function es2plusRoutes(deps: Deps) {
  const router = createRouter();
  // The token before the body: a caller without one learns nothing else.
  router.use(PROGRESS_PATH, async (c, next) => {
    if (!operatorOfToken(deps, c.req.header('Authorization'))) {
      throw new ApiError(401, 'unauthorized', 'This callback needs the SM-DP+’s bearer token.', {
        'WWW-Authenticate': 'Bearer realm="es2plus"',
      });
    }
    await next();
  });
  router.use(PROGRESS_PATH, limitBody(128 * 1024));
  router.openapi(progressRoute, async (c) => {
    const operatorId = operatorOfToken(deps, c.req.header('Authorization'))!;
    const body = c.req.valid('json');
    await recordProgress(deps, operatorId, {
      iccid: body.iccid.replace(/F$/i, ''),
      notificationPointId: body.notificationPointId,
      status: body.notificationPointStatus.status,
      subjectCode: body.notificationPointStatus.statusCodeData?.subjectCode,
      reasonCode: body.notificationPointStatus.statusCodeData?.reasonCode,
      at: Date.parse(body.timestamp),
    });
    return c.body(null, 204);
  });
  return router;
}
