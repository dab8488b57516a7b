/**
 * libpq's environment for a postgres:// URL (review N10): the password and the rest of the URL
 * reach pg_dump and pg_restore as PG* variables, never as arguments, which every user of the
 * machine can read (`ps`, /proc/<pid>/cmdline). The URL's query (sslmode, …) maps to its PG*
 * variable where libpq has one.
 */
export function pgEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value) env[name] = decodeURIComponent(value);
  };
  set('PGHOST', url.hostname.replace(/^\[|\]$/g, ''));
  set('PGPORT', url.port);
  set('PGUSER', url.username);
  set('PGPASSWORD', url.password);
  set('PGDATABASE', url.pathname.replace(/^\//, ''));
  const fromQuery: Record<string, string> = {
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    application_name: 'PGAPPNAME',
    connect_timeout: 'PGCONNECT_TIMEOUT',
    host: 'PGHOST',
  };
  for (const [key, value] of url.searchParams) {
    const name = fromQuery[key];
    if (name) env[name] = value;
  }
  return env;
}
