/**
 * Hand-written request examples for /developers, keyed by `METHOD path`. Each curl command is
 * run as printed against a real server by server/tests/openapi/curl-examples.test.ts, which
 * checks the status written next to it. Operations without an entry get a generated example.
 * `$API_BASE_URL` and `$API_KEY` are shell variables the reader sets.
 */
export type CurlSample = {
  /** One comment line above the command (English: code comments are code). */
  comment?: string;
  command: string;
  /** The status the command gets from a running server. */
  status: number;
};

export type OperationSamples = { curl: CurlSample[]; fetch: string };

export const samples: Record<string, OperationSamples> = {
  'GET /status': {
    curl: [{ command: 'curl "$API_BASE_URL/status"', status: 200 }],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/status\`);
const status = await response.json();
console.log(status.overallStatus); // "OPERATIONAL", "DEGRADED" or "OUTAGE"`,
  },
  'GET /plans': {
    curl: [{ command: 'curl "$API_BASE_URL/plans"', status: 200 }],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/plans\`);
const catalogue = await response.json();
const onSale = catalogue.plans.filter((plan) => plan.is_active);`,
  },
  'POST /purchase': {
    curl: [
      {
        comment: 'Reading 1 (purchase flow): operator + contactInfo, key in the x-api-key header',
        command: `curl -X POST "$API_BASE_URL/purchase" \\
  -H "x-api-key: $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"operator": "MPT", "contactInfo": "traveller@example.com"}'`,
        status: 201,
      },
      {
        comment: 'Reading 2 (audit API spec): planId + contactInfo, key as a bearer token',
        command: `curl -X POST "$API_BASE_URL/purchase" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"planId": "power-30", "contactInfo": "09123456789"}'`,
        status: 201,
      },
      {
        comment: 'Without a key the answer is 401 Unauthorized',
        command: `curl -X POST "$API_BASE_URL/purchase" -H "Content-Type: application/json" -d '{}'`,
        status: 401,
      },
    ],
    fetch: `// Run this on your server: the API key must never reach a browser.
const response = await fetch(\`\${process.env.API_BASE_URL}/purchase\`, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.API_KEY}\`, // or 'x-api-key': process.env.API_KEY
    'Content-Type': 'application/json',
  },
  // Reading 1; reading 2 sends { planId: 'power-30', contactInfo } instead.
  body: JSON.stringify({ operator: 'MPT', contactInfo: 'traveller@example.com' }),
});
if (response.status === 401) throw new Error('Missing or invalid API key');`,
  },
};
