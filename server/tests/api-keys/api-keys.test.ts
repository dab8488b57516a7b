import { describe, expect, it } from 'vitest';
import { createApiKey, listApiKeys, revokeApiKey } from '../../src/platform/api-keys';
import { sha256Hex } from '../../src/platform/hashing';
import { T0, testStore, useTestApp } from '../support/test-app';

describe(`API keys (${testStore})`, () => {
  const t = useTestApp();

  const body = { operator: 'MPT', contactInfo: 'a@example.com' };
  const expect401 = async (response: Response, message: string) => {
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message } });
  };

  it('keeps only the hash and a short prefix of a new key', async () => {
    const created = await createApiKey(t.deps, 'partner');
    expect(created.key).toMatch(/^esim_live_[A-Za-z0-9_-]{32}$/);
    const [row] = await listApiKeys(t.database);
    expect(row).toMatchObject({
      name: 'partner',
      prefix: created.key.slice(0, 16),
      revokedAt: null,
    });
    expect(row?.keyHash).toBe(await sha256Hex(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('answers 401 in the error shape without a key, whatever the body', async () => {
    await expect401(
      await t.call('POST', '/purchase', {}),
      'An API key is required: send it as x-api-key or Authorization: Bearer.',
    );
    await expect401(
      await t.call('POST', '/purchase', '{not json'),
      'An API key is required: send it as x-api-key or Authorization: Bearer.',
    );
    await expect401(
      await t.call('GET', '/v1/profile/NXR-20261123-163000'),
      'An API key is required: send it as x-api-key or Authorization: Bearer.',
    );
  });

  it('answers 401 for an unknown key and, once revoked, for a key that worked', async () => {
    const created = await createApiKey(t.deps, 'partner');
    await expect401(
      await t.call('POST', '/purchase', body, {
        'x-api-key': `${created.key.slice(0, -1)}${created.key.endsWith('x') ? 'y' : 'x'}`,
      }),
      'This API key is not valid (unknown or revoked).',
    );
    expect(
      (await t.call('POST', '/purchase', body, { Authorization: `Bearer ${created.key}` })).status,
    ).toBe(201);
    await revokeApiKey(t.deps, created.prefix);
    await expect401(
      await t.call('POST', '/purchase', body, { Authorization: `Bearer ${created.key}` }),
      'This API key is not valid (unknown or revoked).',
    );
    const [row] = await listApiKeys(t.database);
    expect(row?.revokedAt?.getTime()).toBe(T0);
    expect(row?.lastUsedAt?.getTime()).toBe(T0);
  });

  it('revokes by id, refuses a prefix that names several keys', async () => {
    let counter = 0;
    // Keys that share their first random characters (and so their shown prefix).
    const sameStart = {
      ...t.deps,
      randomBytes: (size: number) => {
        const bytes = new Uint8Array(size);
        bytes[size - 1] = counter += 1;
        return bytes;
      },
    };
    const first = await createApiKey(sameStart, 'one');
    const second = await createApiKey(sameStart, 'two');
    expect(first.prefix).toBe(second.prefix);
    await expect(revokeApiKey(t.deps, first.prefix)).rejects.toThrow(
      `${first.prefix} names 2 keys; use the id.`,
    );
    await expect(revokeApiKey(t.deps, 'esim_live_zz')).rejects.toThrow('No API key esim_live_zz.');
    const revoked = await revokeApiKey(t.deps, first.id);
    expect(revoked.name).toBe('one');
    expect((await listApiKeys(t.database)).map((key) => [key.name, !!key.revokedAt])).toEqual(
      expect.arrayContaining([
        ['one', true],
        ['two', false],
      ]),
    );
  });
});
