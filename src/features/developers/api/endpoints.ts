import { apiPlans, examplePlan } from './catalogue-views';

/** The documented API (SPEC §6, §7). Code samples are code; their explanations are translated. */
export type EndpointId = 'status' | 'plans' | 'purchase' | 'activate' | 'profile';
export type Access = 'public' | 'apiKey' | 'unspecified';

export type Endpoint = {
  id: EndpointId;
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  curl: string;
  fetch: string;
  /** An example response body; absent where the response is not yet specified. */
  response?: string;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

const statusExample = {
  overallStatus: 'OPERATIONAL',
  lastChecked: '2026-11-21T09:30:00Z',
  services: [
    {
      id: 'payment-verification',
      name: 'MMQR payment verification',
      status: 'OPERATIONAL',
      message: 'Receipts are being verified normally.',
      latency: 120,
    },
    {
      id: 'esim-delivery',
      name: 'eSIM QR code delivery',
      status: 'OPERATIONAL',
      message: 'QR codes are being delivered normally.',
      latency: 95,
    },
  ],
};

function purchaseSamples() {
  const plan = examplePlan();
  const curl = `# Reading 1 (purchase flow): operator + contactInfo, key in the x-api-key header
curl -X POST "$API_BASE_URL/purchase" \\
  -H "x-api-key: $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"operator": "MPT", "contactInfo": "traveller@example.com"}'

# Reading 2 (audit API spec): planId + contactInfo, key as a bearer token
curl -X POST "$API_BASE_URL/purchase" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"planId": "${plan.id}", "contactInfo": "09123456789"}'

# Without a key the answer is 401 Unauthorized
curl -i -X POST "$API_BASE_URL/purchase" -H "Content-Type: application/json" -d '{}'`;
  const fetchSample = `// Run this on your server: the API key must never reach a browser.
const response = await fetch(\`\${process.env.API_BASE_URL}/purchase\`, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.API_KEY}\`, // or 'x-api-key': process.env.API_KEY
    'Content-Type': 'application/json',
  },
  // Reading 1; reading 2 sends { planId: '${plan.id}', contactInfo } instead.
  body: JSON.stringify({ operator: 'MPT', contactInfo: 'traveller@example.com' }),
});
if (response.status === 401) throw new Error('Missing or invalid API key');
// The response body is not yet specified.`;
  return { curl, fetch: fetchSample };
}

export function buildEndpoints(): Endpoint[] {
  return [
    {
      id: 'status',
      method: 'GET',
      path: '/status',
      access: 'public',
      curl: `curl "$API_BASE_URL/status"`,
      fetch: `const response = await fetch(\`\${API_BASE_URL}/status\`);
const status = await response.json();
console.log(status.overallStatus); // "OPERATIONAL", "DEGRADED" or "OUTAGE"`,
      response: json(statusExample),
    },
    {
      id: 'plans',
      method: 'GET',
      path: '/plans',
      access: 'unspecified',
      curl: `curl "$API_BASE_URL/plans"`,
      fetch: `const response = await fetch(\`\${API_BASE_URL}/plans\`);
const plans = await response.json();
const onSale = plans.filter((plan) => plan.isAvailable);`,
      response: json(apiPlans()),
    },
    { id: 'purchase', method: 'POST', path: '/purchase', access: 'apiKey', ...purchaseSamples() },
    {
      id: 'activate',
      method: 'POST',
      path: '/v1/activate',
      access: 'unspecified',
      curl: `# Request body and authentication: not yet specified
curl -X POST "$API_BASE_URL/v1/activate"`,
      fetch: `// Request body and authentication: not yet specified
const response = await fetch(\`\${API_BASE_URL}/v1/activate\`, { method: 'POST' });`,
    },
    {
      id: 'profile',
      method: 'GET',
      path: '/v1/profile/{orderId}',
      access: 'unspecified',
      curl: `curl "$API_BASE_URL/v1/profile/NXR-20261121-093015"`,
      fetch: `const orderId = encodeURIComponent('NXR-20261121-093015');
const response = await fetch(\`\${API_BASE_URL}/v1/profile/\${orderId}\`);
// Response fields: not yet specified.`,
    },
  ];
}
