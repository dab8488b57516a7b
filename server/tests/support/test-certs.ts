import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A certificate authority, a server certificate for 127.0.0.1 and a client certificate, made at
 * test time with openssl in a fresh folder (nothing secret is kept in the repository): for the
 * fakes that ask for a client certificate (mutual TLS), as KBZPay's refund address does.
 */
export type TestCerts = {
  dir: string;
  /** PEM text. */
  ca: string;
  serverCert: string;
  serverKey: string;
  /** Files (what the server's settings name). */
  caFile: string;
  clientCertFile: string;
  clientKeyFile: string;
};

const openssl = (dir: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });

export function makeTestCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'esim-mtls-'));
  const key = (name: string) =>
    openssl(dir, [
      'genpkey',
      '-algorithm',
      'EC',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-out',
      name,
    ]);
  key('ca.key');
  openssl(dir, [
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-sha256',
    '-days',
    '2',
    '-subj',
    '/CN=test CA (fake)',
    '-out',
    'ca.pem',
  ]);
  const signed = (name: string, subject: string, extensions: string) => {
    key(`${name}.key`);
    openssl(dir, ['req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`]);
    writeFileSync(join(dir, `${name}.ext`), extensions);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
  };
  signed('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  signed('client', '/CN=merchant (fake)', 'extendedKeyUsage=clientAuth\n');
  const text = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    dir,
    ca: text('ca.pem'),
    serverCert: text('server.pem'),
    serverKey: text('server.key'),
    caFile: join(dir, 'ca.pem'),
    clientCertFile: join(dir, 'client.pem'),
    clientKeyFile: join(dir, 'client.key'),
  };
}
