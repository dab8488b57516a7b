import { loadConfig } from '../config';
import { createApiKey, listApiKeys, revokeApiKey } from '../platform/api-keys';
import { runCli, withDatabase } from './run';

/**
 * `npm run api-key -- create --name partner | list | revoke <id|prefix>`: partner API keys in
 * the same database as the server (DATA_DIR or DATABASE_URL; migrations run first). The key is
 * printed once, at creation; only its SHA-256 is kept. With the embedded database (PGlite),
 * stop the server first: one folder is opened by one process at a time.
 */

const USAGE = `Usage:
  npm run api-key -- create --name <name>   make a partner key (printed once)
  npm run api-key -- create --staff <name>  make a staff key (the staff routes, /#/staff)
  npm run api-key -- list                   the keys, without their secrets
  npm run api-key -- revoke <id|prefix>     refuse a key from now on`;

function option(args: string[], name: string): string | undefined {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const arg = args[index]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

const when = (date: Date | null) => (date ? date.toISOString() : '-');

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !['create', 'list', 'revoke'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const staffName = option(rest, 'staff');
  const name = staffName ?? option(rest, 'name');
  const role = staffName !== undefined ? ('staff' as const) : ('partner' as const);
  if (command === 'create' && !name?.trim()) {
    console.error('create needs --name <name> or --staff <name> (who the key is for).');
    return 2;
  }
  if (command === 'revoke' && !rest[0]) {
    console.error('revoke needs the key’s id or prefix (see list).');
    return 2;
  }
  return withDatabase(loadConfig(process.env), async (deps) => {
    if (command === 'create') {
      const created = await createApiKey(deps, name!, role);
      console.log(
        `Created ${role} API key ${created.id} (${name!.trim()}), prefix ${created.prefix}`,
      );
      console.log(created.key);
      console.log(
        'Store it now: it is not shown again. Send it as x-api-key or Authorization: Bearer.',
      );
    } else if (command === 'list') {
      const keys = await listApiKeys(deps.database);
      if (keys.length === 0) console.log('No API keys yet.');
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'active';
        console.log(
          `${key.id}  ${key.prefix}…  ${key.name}  created ${when(key.createdAt)}  last used ${when(key.lastUsedAt)}  ${state}  ${key.role}`,
        );
      }
    } else {
      const revoked = await revokeApiKey(deps, rest[0]!);
      console.log(`Revoked API key ${revoked.id} (${revoked.name}, ${revoked.prefix}…).`);
    }
    return 0;
  });
}

runCli(main);
