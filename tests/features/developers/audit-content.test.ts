import { describe, expect, it } from 'vitest';
import { operators, plans } from '#domain/catalogue';
import { brands, deviceTable } from '../../../src/config/devices/device-table';
import { paths } from '../../../src/domain/paths';
import { catalogueDocument } from '#domain/catalogue-document';
import { buildEndpoints } from '../../../src/features/developers/api/endpoints';
import {
  endpointsOf,
  typeOf,
  type OpenApiDocument,
} from '../../../src/features/developers/api/openapi-view';
import devEn from '../../../locales/en/dev.json';
import devMy from '../../../locales/my/dev.json';
import {
  buildCatalogue,
  catalogueJson,
  regionalSuffix,
} from '../../../src/features/developers/audit/catalogue-json';
import {
  deployScript,
  securityHeaders,
} from '../../../src/features/developers/audit/deploy-script';
import { openApiYaml } from '../../../src/features/developers/audit/openapi-spec';
import { runSelfCheck, testReport } from '../../../src/features/developers/audit/self-check';

const dev = { en: devEn, my: devMy };

describe('the audit catalogue', () => {
  it('is generated from config/catalogue with the documented fields', () => {
    const catalogue = JSON.parse(catalogueJson()) as ReturnType<typeof buildCatalogue>;
    expect(catalogue.carriers).toEqual(
      operators.map((operator) => ({
        id: operator.id,
        name: operator.name,
        gsma_identifiers: { mcc: operator.mcc, mnc: operator.mnc },
        networks: [...operator.networks],
      })),
    );
    expect(
      catalogue.plans.map((plan) => [
        plan.id,
        plan.data_gb,
        plan.validity_days,
        plan.price_mmk,
        plan.is_active,
      ]),
    ).toEqual(
      plans.map((plan) => [plan.id, plan.dataGb, plan.validityDays, plan.price, plan.isAvailable]),
    );
    for (const plan of catalogue.plans) {
      expect(Object.keys(plan)).toEqual([
        'id',
        'name',
        'type',
        'data_gb',
        'validity_days',
        'price_mmk',
        'is_active',
        'supported_carriers',
        'features',
      ]);
      expect(plan.supported_carriers).toEqual(['mpt', 'atom', 'ooredoo', 'mytel']);
      expect(plan.features.every((feature) => /^[a-z_]+$/.test(feature))).toBe(true);
    }
    expect(Object.keys(catalogue.supported_devices)).toEqual([
      'apple',
      'samsung',
      'google',
      'other',
    ]);
  });

  it('lists exactly the eSIM phones of the device table by brand, so the two cannot drift', () => {
    const catalogue = JSON.parse(catalogueJson()) as ReturnType<typeof buildCatalogue>;
    for (const brand of brands) {
      const listed = catalogue.supported_devices[brand];
      const withEsim = deviceTable.filter((entry) => entry.brand === brand && entry.esim === 'yes');
      expect(listed.length).toBeGreaterThan(0);
      // The same phones in the table's order, each marked when its eSIM depends on the region.
      expect(listed).toEqual(
        withEsim.map((entry) =>
          entry.note === 'regional-variant' ? `${entry.name}${regionalSuffix}` : entry.name,
        ),
      );
    }
    const everyListed = Object.values(catalogue.supported_devices).flat();
    const byName = new Map(deviceTable.map((entry) => [entry.name, entry]));
    for (const name of everyListed) {
      const entry = byName.get(name.replace(regionalSuffix, ''));
      expect(entry?.esim, name).toBe('yes');
    }
    expect(everyListed).toHaveLength(deviceTable.filter((entry) => entry.esim === 'yes').length);
    expect(everyListed).toEqual(
      expect.arrayContaining(['iPhone XR', 'Galaxy S20', 'Pixel 3 (selected regions)']),
    );
    expect(everyListed).not.toContain('iPhone X');
  });

  it('includes the audit sample plans of SPEC §9', () => {
    const catalogue = buildCatalogue();
    expect(catalogue.plans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Power User',
          data_gb: 15,
          validity_days: 30,
          price_mmk: 80000,
        }),
        expect.objectContaining({
          name: 'Tourist Pack',
          data_gb: 5,
          validity_days: 7,
          price_mmk: 35000,
        }),
      ]),
    );
  });
});

describe('the API specification', () => {
  it('lists every documented path, the two key schemes and both purchase readings', () => {
    const yaml = openApiYaml();
    for (const path of [
      '/status:',
      '/plans:',
      '/purchase:',
      '/v1/activate:',
      '/v1/profile/{orderId}:',
    ]) {
      expect(yaml).toContain(`  ${path}`);
    }
    expect(yaml).toContain('name: x-api-key');
    expect(yaml).toContain('scheme: bearer');
    expect(yaml).toContain('required: [operator, contactInfo]');
    expect(yaml).toContain('required: [planId, contactInfo]');
    expect(yaml).toContain(`enum: [${plans.map((plan) => plan.id).join(', ')}]`);
    expect(yaml).toContain("'401':");
    expect(yaml).not.toMatch(/\t/);
  });

  it('matches the endpoints of the Developers page', () => {
    const yaml = openApiYaml();
    for (const endpoint of buildEndpoints()) {
      expect(yaml).toContain(`  ${endpoint.path}:\n    ${endpoint.method.toLowerCase()}:`);
    }
  });
});

describe('the deployment script', () => {
  it('deploys to asia-southeast1 with every security header', () => {
    const script = deployScript();
    expect(script.startsWith('#!/usr/bin/env bash\n')).toBe(true);
    expect(script).toContain('REGION="asia-southeast1"');
    expect(script).toContain('set -euo pipefail');
    for (const [name, value] of securityHeaders) {
      expect(script).toContain(`--custom-response-header="${name}: ${value}"`);
    }
  });

  it('keeps the old hashed assets for visitors still on the previous version', () => {
    const script = deployScript();
    expect(script).not.toContain('--delete-unmatched-destination-objects');
    expect(script).toContain('KEEP_ASSET_DAYS="${KEEP_ASSET_DAYS:-30}"');
    // New chunks are up before the index.html that names them.
    expect(script.indexOf('rsync dist/assets')).toBeGreaterThan(-1);
    expect(script.indexOf('rsync dist/assets')).toBeLessThan(script.indexOf('cp dist/index.html'));
  });
});

describe('the test report', () => {
  it('passes every self-check against the real modules', () => {
    const results = runSelfCheck();
    expect(results.length).toBeGreaterThanOrEqual(8);
    expect(results.filter((result) => !result.passed)).toEqual([]);
  });

  it('writes a dated report with the totals and the release suites', () => {
    const report = testReport('eSIM Myanmar', new Date('2026-11-21T09:30:00Z'));
    expect(report).toContain('Run in this browser at 2026-11-21T09:30:00.000Z');
    expect(report).toMatch(/^\d+ passed, 0 failed$/m);
    expect(report).toContain(`${Object.keys(paths).length} routes`);
    expect(report).toContain('journeys: Playwright');
  });
});

describe('the API examples (from the OpenAPI document)', () => {
  it('show curl and fetch for each endpoint and the example responses of status and plans', () => {
    const endpoints = buildEndpoints();
    expect(endpoints.slice(0, 2).map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      'GET /status',
      'GET /plans',
    ]);
    for (const endpoint of endpoints) {
      expect(endpoint.curl).toContain('curl');
      expect(endpoint.fetch).toContain('fetch(');
    }
    const byId = Object.fromEntries(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    expect(JSON.parse(byId.status!.response!)).toMatchObject({ overallStatus: 'OPERATIONAL' });
    // GET /plans's example is the catalogue itself, as the server answers it.
    expect(JSON.parse(byId.plans!.response!)).toEqual(catalogueDocument());
    expect(byId.status!.access).toBe('public');
    expect(byId.plans!.access).toBe('public');
  });

  it('have every field and parameter explained in English and Burmese', () => {
    const missing: string[] = [];
    for (const language of ['en', 'my'] as const) {
      const endpoints = (dev[language] as { developers: { endpoints: Record<string, unknown> } })
        .developers.endpoints;
      for (const endpoint of buildEndpoints()) {
        const texts = endpoints[endpoint.id] as
          { summary?: string; description?: string; fields?: Record<string, string> } | undefined;
        if (!texts?.summary) missing.push(`${language}: ${endpoint.id}.summary`);
        if (!texts?.description) missing.push(`${language}: ${endpoint.id}.description`);
        for (const field of [
          ...endpoint.parameters,
          ...endpoint.requestFields,
          ...endpoint.responseFields,
        ]) {
          if (!texts?.fields?.[field.name]) {
            missing.push(`${language}: ${endpoint.id}.fields["${field.name}"]`);
          }
        }
      }
    }
    expect(missing, 'add these to locales/{en,my}/dev.json developers.endpoints').toEqual([]);
  });
});

describe('the OpenAPI reader', () => {
  const document: OpenApiDocument = {
    components: {
      schemas: {
        Item: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string' },
            size: { type: ['number', 'null'], 'x-ours': true, description: 'Ours.' },
          },
        },
      },
    },
    paths: {
      '/things/{id}': {
        get: {
          tags: ['catalogue'],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
                      kind: { const: 'thing' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/internal': { get: { tags: ['shop'], responses: {} } },
    },
  };

  it('flattens nested fields, resolves references and reads x-ours', () => {
    const endpoints = endpointsOf(document);
    expect(endpoints.map((endpoint) => endpoint.path)).toEqual(['/things/{id}']);
    const [things] = endpoints;
    expect(things!.parameters).toEqual([
      { name: 'id', type: 'path: string', required: true, ours: false, description: undefined },
    ]);
    expect(things!.responseFields.map((field) => [field.name, field.type, field.ours])).toEqual([
      ['items', 'object[]', false],
      ['items[].id', 'string', false],
      ['items[].size', 'number | null', true],
      ['kind', '"thing"', false],
    ]);
    expect(typeOf(document, { enum: ['a', 'b'] })).toBe('"a" | "b"');
  });
});
