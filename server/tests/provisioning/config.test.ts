import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const es2plus = {
  PROVISIONING_ATOM: 'es2plus',
  ES2PLUS_ATOM_URL: 'https://smdp.atom.example/es2',
  ES2PLUS_ATOM_REQUESTER_ID: 'shop',
  ES2PLUS_ATOM_PROFILE_TYPES: 'power-30=ATOM-30GB, tourist-7=ATOM-7D',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('provisioning settings (PROVISIONING_<OP>, ES2PLUS_<OP>_*)', () => {
  it('defaults every operator to stock', () => {
    const { provisioning } = loadConfig({});
    expect(Object.values(provisioning.operators)).toEqual([
      { source: 'stock' },
      { source: 'stock' },
      { source: 'stock' },
      { source: 'stock' },
    ]);
    expect(provisioning).toMatchObject({ retryBaseMs: 5000, leaseMs: 120_000 });
  });

  it('reads an ES2+ operator', () => {
    const { provisioning } = loadConfig({
      ...es2plus,
      ES2PLUS_ATOM_CALLBACK_TOKEN: 'secret',
      PROVISIONING_RETRY_BASE_MS: '50',
      PROVISIONING_LEASE_MS: '900',
      PROVISIONING_TIMEOUT_MS: '300',
    });
    expect(provisioning.operators.atom).toEqual({
      source: 'es2plus',
      url: 'https://smdp.atom.example/es2',
      requesterId: 'shop',
      profileTypes: { 'power-30': 'ATOM-30GB', 'tourist-7': 'ATOM-7D' },
      tls: { cert: undefined, key: undefined, ca: undefined },
      callbackToken: 'secret',
      releaseProfile: false,
    });
    expect(provisioning.operators.mpt).toEqual({ source: 'stock' });
    expect(provisioning).toMatchObject({ retryBaseMs: 50, leaseMs: 900, timeoutMs: 300 });
  });

  it('refuses es2plus without its URL, naming the variable', () => {
    const { ES2PLUS_ATOM_URL: _url, ...rest } = es2plus;
    expect(problemsOf(rest)).toContain('ES2PLUS_ATOM_URL: required with PROVISIONING_ATOM=es2plus');
  });

  it('needs https, except for a loopback host', () => {
    expect(problemsOf({ ...es2plus, ES2PLUS_ATOM_URL: 'http://smdp.atom.example' })).toContain(
      'ES2PLUS_ATOM_URL: must be https://',
    );
    for (const url of ['http://127.0.0.1:8790', 'http://localhost:8790', 'http://[::1]:8790']) {
      expect(problemsOf({ ...es2plus, ES2PLUS_ATOM_URL: url })).toBeNull();
    }
  });

  it('lists every other problem at once', () => {
    const message = problemsOf({
      PROVISIONING_MPT: 'api',
      PROVISIONING_MYTEL: 'es2plus',
      ES2PLUS_MYTEL_URL: 'https://smdp.mytel.example',
      ES2PLUS_MYTEL_PROFILE_TYPES: 'gold=MY-1,power-30',
      ES2PLUS_MYTEL_CERT: '/etc/shop/mytel.pem',
      PROVISIONING_LEASE_MS: '1000',
    });
    expect(message).toContain('PROVISIONING_MPT: stock or es2plus');
    expect(message).toContain('ES2PLUS_MYTEL_REQUESTER_ID: required');
    expect(message).toContain('ES2PLUS_MYTEL_PROFILE_TYPES: no plan "gold" in the catalogue');
    expect(message).toContain(
      'ES2PLUS_MYTEL_PROFILE_TYPES: "power-30" is not plan-id=profile-type',
    );
    expect(message).toContain('ES2PLUS_MYTEL_CERT and ES2PLUS_MYTEL_KEY: set both');
    expect(message).toContain(
      'PROVISIONING_LEASE_MS: must be at least 3 × PROVISIONING_TIMEOUT_MS',
    );
  });
});
