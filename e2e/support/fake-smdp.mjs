#!/usr/bin/env node
/**
 * A fake SM-DP+ speaking GSMA ES2+ (SGP.22 v2.5 §5.3, transport §6.5), for the server's tests,
 * the server-mode journey and local runs (issue #27). It answers DownloadOrder, ConfirmOrder,
 * CancelOrder and ReleaseProfile as an SM-DP+ does (JSON, X-Admin-Protocol, a header with
 * functionExecutionStatus), keeps a profile's state (Available → Allocated → Released →
 * Downloaded → Installed; cancelled: Available or Unavailable), and reports a phone's download
 * and install to the shop's HandleDownloadProgressInfo with the shop's bearer token.
 *
 * It can be told to refuse (a Failed answer), to be slow, to be down (503), to fail the next
 * calls (5xx), to hold the next calls' answers until released, and to run out of profiles. In-process: `startFakeSmdp(options)`. As a process:
 * `node e2e/support/fake-smdp.mjs` with FAKE_SMDP_PORT, FAKE_SMDP_CALLBACK_URL,
 * FAKE_SMDP_CALLBACK_TOKEN, FAKE_SMDP_PROFILE_TYPES (comma separated) and FAKE_SMDP_ADDRESS;
 * controlled over HTTP: `POST /fake/control` ({refuse, delayMs, down, failNext, holdNext, available}; holdNext 0
 * releases the answers held),
 * `POST /fake/report` ({iccid, points?}), `GET /fake/calls`, `GET /fake/profiles`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const ES2PLUS = '/gsma/rsp2/es2plus/';

/** The Luhn check digit of a string of digits. */
function luhn(digits) {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

const matchingIdOf = () => {
  const text = randomBytes(10).toString('hex').toUpperCase();
  return `${text.slice(0, 5)}-${text.slice(5, 10)}-${text.slice(10, 15)}-${text.slice(15)}`;
};

const success = () => ({ functionExecutionStatus: { status: 'Executed-Success' } });
const failed = (subjectCode, reasonCode, message) => ({
  functionExecutionStatus: {
    status: 'Failed',
    statusCodeData: { subjectCode, reasonCode, message },
  },
});

/**
 * @param {{
 *   port?: number; host?: string; smdpAddress?: string | null; profileTypes?: string[];
 *   callbackUrl?: string; callbackToken?: string; iccidPrefix?: string; fetch?: typeof fetch;
 * }} options
 */
export async function startFakeSmdp(options = {}) {
  const profileTypes = new Set(options.profileTypes ?? ['ATOM-POWER-30']);
  /** @type {Map<string, {iccid: string, profileType: string, state: string, matchingId: string | null, eid: string | null}>} */
  const profiles = new Map();
  /** Every ES2+ call received: function, body, headers. */
  const calls = [];
  const control = {
    /** A Failed answer for every call (or only those of `fn`): {fn?, subjectCode, reasonCode, message}. */
    refuse: null,
    /** Answer after this many ms. */
    delayMs: 0,
    /** Answer 503 to every ES2+ call. */
    down: false,
    /** Answer the next n ES2+ calls with HTTP 500. */
    failNext: 0,
    /** Hold the answers of the next n ES2+ calls until `release()` (a slow SM-DP+, by state). */
    holdNext: 0,
    /** Profiles left to hand out (null: no limit). */
    available: null,
  };
  /** The calls held (holdNext): each resumes when released. */
  const held = [];
  const release = () => {
    for (const resume of held.splice(0)) resume();
  };
  let counter = 0;
  const prefix = options.iccidPrefix ?? '899506';

  function newIccid() {
    counter += 1;
    const body = `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(6, '0')}`;
    return body + luhn(body);
  }

  function es2plus(fn, body) {
    if (control.refuse && (!control.refuse.fn || control.refuse.fn === fn)) {
      const { subjectCode, reasonCode, message } = control.refuse;
      return failed(subjectCode ?? '8.1', reasonCode ?? '3.8', message ?? 'Refused');
    }
    const profile = typeof body.iccid === 'string' ? profiles.get(body.iccid) : undefined;
    switch (fn) {
      case 'downloadOrder': {
        if (!profileTypes.has(body.profileType)) {
          return failed('8.2.5', '3.9', `Unknown profile type ${body.profileType}`);
        }
        if (control.available !== null && control.available <= 0) {
          return failed('8.2.5', '3.7', 'No profile of this type is available');
        }
        if (control.available !== null) control.available -= 1;
        const iccid = newIccid();
        profiles.set(iccid, {
          iccid,
          profileType: body.profileType,
          state: 'Allocated',
          matchingId: null,
          eid: null,
        });
        return { header: success(), iccid };
      }
      case 'confirmOrder': {
        if (!profile) return failed('8.2.1', '3.9', 'Unknown ICCID');
        if (profile.state !== 'Allocated') {
          return failed('8.2.1', '3.3', `The profile is ${profile.state}`);
        }
        if (body.releaseFlag !== true && body.releaseFlag !== false) {
          return failed('1.6', '2.2', 'releaseFlag is mandatory');
        }
        profile.matchingId = matchingIdOf();
        profile.state = body.releaseFlag ? 'Released' : 'Confirmed';
        const answer = { header: success(), matchingId: profile.matchingId };
        return options.smdpAddress ? { ...answer, smdpAddress: options.smdpAddress } : answer;
      }
      case 'releaseProfile': {
        if (!profile) return failed('8.2.1', '3.9', 'Unknown ICCID');
        if (profile.state !== 'Confirmed') {
          return failed('8.2.1', '3.3', `The profile is ${profile.state}`);
        }
        profile.state = 'Released';
        return { header: success() };
      }
      case 'cancelOrder': {
        if (!profile) return failed('8.2.1', '3.9', 'Unknown ICCID');
        if (['Downloaded', 'Installed'].includes(profile.state)) {
          return failed('8.2.1', '3.3', `The profile is ${profile.state}`);
        }
        const final = body.finalProfileStatusIndicator;
        if (final !== 'Available' && final !== 'Unavailable') {
          return failed('1.6', '2.2', 'finalProfileStatusIndicator is mandatory');
        }
        profile.state = final;
        profile.matchingId = null;
        return { header: success() };
      }
      default:
        return null;
    }
  }

  const readBody = (request) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const json = (response, status, value, headers = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  };

  /**
   * Reports a phone's progress with `iccid` to the shop: by default the eligibility check, the
   * download and the install, each a second after the last. Resolves with the shop's statuses.
   */
  async function report(iccid, points) {
    if (!options.callbackUrl) throw new Error('No callback URL configured');
    const profile = profiles.get(iccid);
    const steps = points ?? [
      { id: 1, status: 'Executed-Success' },
      { id: 3, status: 'Executed-Success' },
      { id: 4, status: 'Executed-Success' },
    ];
    const statuses = [];
    let time = Date.now() - steps.length * 1000;
    for (const step of steps) {
      time += 1000;
      const status = typeof step.status === 'string' ? step.status : 'Executed-Success';
      if (profile && status !== 'Failed') {
        if (step.id === 3) profile.state = 'Downloaded';
        if (step.id === 4 || step.id === 6) profile.state = 'Installed';
        if (step.id === 5) profile.state = 'Deleted';
      }
      const answer = await (options.fetch ?? fetch)(options.callbackUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Admin-Protocol': 'gsma/rsp/v2.5.0',
          Authorization: `Bearer ${options.callbackToken ?? ''}`,
        },
        body: JSON.stringify({
          header: {
            functionRequesterIdentifier: 'fake-smdp',
            functionCallIdentifier: randomUUID(),
          },
          eid: '89049032000000000000000000000001',
          iccid,
          profileType: profile?.profileType ?? 'unknown',
          timestamp: new Date(step.at ?? time).toISOString(),
          notificationPointId: step.id,
          notificationPointStatus:
            status === 'Failed'
              ? {
                  status,
                  statusCodeData: {
                    subjectCode: '8.1',
                    reasonCode: '4.8',
                    message: 'Install failed',
                  },
                }
              : { status },
        }),
      });
      statuses.push(answer.status);
    }
    return statuses;
  }

  /** The requests being answered: a slow answer (delayMs) is still one after its caller gave up. */
  const answering = new Set();
  const server = createServer((request, response) => {
    const answered = handle(request, response).finally(() => answering.delete(answered));
    answering.add(answered);
  });

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = await readBody(request);
    if (url.pathname.startsWith(ES2PLUS) && request.method === 'POST') {
      const fn = url.pathname.slice(ES2PLUS.length);
      let body = {};
      try {
        body = JSON.parse(text);
      } catch {
        return json(response, 400, { error: 'not JSON' });
      }
      calls.push({ fn, body, headers: { ...request.headers } });
      if (control.holdNext > 0) {
        control.holdNext -= 1;
        await new Promise((resolve) => held.push(resolve));
      }
      if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
      if (control.down) return json(response, 503, { error: 'down' });
      if (control.failNext > 0) {
        control.failNext -= 1;
        return json(response, 500, { error: 'internal' });
      }
      const protocol = String(request.headers['x-admin-protocol'] ?? '');
      const contentType = String(request.headers['content-type'] ?? '');
      if (!protocol.startsWith('gsma/rsp/v2.') || !contentType.startsWith('application/json')) {
        return json(response, 400, { error: 'ES2+ needs X-Admin-Protocol and JSON' });
      }
      if (!body.header?.functionRequesterIdentifier || !body.header?.functionCallIdentifier) {
        return json(response, 200, { header: failed('1.2', '2.2', 'header is mandatory') });
      }
      const answer = es2plus(fn, body);
      if (!answer) return json(response, 404, { error: `no ${fn}` });
      const withHeader = 'functionExecutionStatus' in answer ? { header: answer } : answer;
      return json(response, 200, withHeader, { 'X-Admin-Protocol': 'gsma/rsp/v2.5.0' });
    }
    if (url.pathname === '/fake/control' && request.method === 'POST') {
      Object.assign(control, JSON.parse(text || '{}'));
      if (control.holdNext === 0) release();
      return json(response, 200, control);
    }
    if (url.pathname === '/fake/report' && request.method === 'POST') {
      const { iccid, points } = JSON.parse(text || '{}');
      try {
        return json(response, 200, { statuses: await report(iccid, points) });
      } catch (error) {
        return json(response, 502, { error: String(error) });
      }
    }
    if (url.pathname === '/fake/calls') return json(response, 200, calls);
    if (url.pathname === '/fake/profiles') return json(response, 200, [...profiles.values()]);
    if (url.pathname === '/') return json(response, 200, { fake: 'smdp' });
    return json(response, 404, { error: 'not found' });
  }

  await new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    control,
    profiles,
    profileTypes,
    report,
    /** How many calls' answers are held (holdNext) right now. */
    held: () => held.length,
    /** Lets every held call be answered. */
    release,
    /** Resolves once every request received so far is answered (a late answer changes profiles). */
    settled: async () => {
      while (answering.size > 0) await Promise.allSettled([...answering]);
    },
    close: () =>
      new Promise((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeSmdp({
    port: Number(process.env.FAKE_SMDP_PORT ?? 8790),
    smdpAddress: process.env.FAKE_SMDP_ADDRESS || null,
    profileTypes: (process.env.FAKE_SMDP_PROFILE_TYPES ?? 'ATOM-POWER-30').split(','),
    callbackUrl: process.env.FAKE_SMDP_CALLBACK_URL,
    callbackToken: process.env.FAKE_SMDP_CALLBACK_TOKEN,
  });
  console.log(`fake SM-DP+ on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
