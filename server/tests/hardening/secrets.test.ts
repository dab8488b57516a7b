import { describe, expect, it } from 'vitest';
import { pgEnvironment } from '../../src/cli/pg-environment';

/** Review N10: pg_dump and pg_restore get the database's password by environment, never argv. */
describe('pgEnvironment', () => {
  it('turns a postgres:// URL into libpq variables, the password decoded', () => {
    expect(
      pgEnvironment(
        'postgres://shop%40owner:p%40ss%2Fword@db.example:6543/esim?sslmode=verify-full',
      ),
    ).toEqual({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGUSER: 'shop@owner',
      PGPASSWORD: 'p@ss/word',
      PGDATABASE: 'esim',
      PGSSLMODE: 'verify-full',
    });
  });

  it('leaves out what the URL does not say, and reads an IPv6 host', () => {
    expect(pgEnvironment('postgresql://[::1]/shop')).toEqual({ PGHOST: '::1', PGDATABASE: 'shop' });
  });
});
