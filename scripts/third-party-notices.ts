import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/THIRD-PARTY-NOTICES.txt: every npm package whose code or files ship in the built
 * site, with its licence and the licence text it distributes, as the MIT, BSD, Apache and OFL
 * licences of those packages ask when their code is redistributed.
 */

export type PackageNotice = {
  name: string;
  version: string;
  license: string;
  /** The package's own LICENSE / COPYING / NOTICE files, in file-name order. */
  texts: string[];
};

const licenceFile = /^(licen[cs]e|copying|notice)(\b|[._-]|$)/i;

/** The package directory of a bundled module, or undefined for the site's own code. */
export function packageDirOf(moduleId: string): string | undefined {
  const id = moduleId.replace(/^\0/, '').split('?')[0] ?? '';
  const marker = '/node_modules/';
  const at = id.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = id.slice(at + marker.length).split('/');
  const nameParts = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  if (nameParts.length === 0 || nameParts.some((part) => !part)) return undefined;
  return id.slice(0, at + marker.length) + nameParts.join('/');
}

function readNotice(dir: string): PackageNotice | undefined {
  const manifestPath = join(dir, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    name?: string;
    version?: string;
    license?: string | { type?: string };
  };
  const license =
    typeof manifest.license === 'string'
      ? manifest.license
      : (manifest.license?.type ?? 'no licence field; see the licence text');
  const texts = readdirSync(dir)
    .filter((file) => licenceFile.test(file))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8').trim());
  return {
    name: manifest.name ?? dir.split('/node_modules/').pop() ?? dir,
    version: manifest.version ?? '',
    license,
    texts,
  };
}

/** One notice per package (name and version) among the given module ids, sorted by name. */
export function collectNotices(moduleIds: Iterable<string>): PackageNotice[] {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const dir = packageDirOf(id);
    if (dir) dirs.add(dir);
  }
  const notices = new Map<string, PackageNotice>();
  for (const dir of dirs) {
    const notice = readNotice(dir);
    if (notice) notices.set(`${notice.name}@${notice.version}`, notice);
  }
  return [...notices.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function formatNotices(notices: PackageNotice[]): string {
  const rule = '-'.repeat(78);
  const list = notices.map((n) => `- ${n.name} ${n.version} (${n.license})`).join('\n');
  const texts = notices
    .map((n) => {
      const text = n.texts.length
        ? n.texts.join('\n\n')
        : `No licence file is shipped in the package; its package.json declares: ${n.license}.`;
      return `${rule}\n${n.name} ${n.version} (${n.license})\n${rule}\n\n${text}\n`;
    })
    .join('\n');
  return `Third-party software in this site\n\nThe site's JavaScript, styles and fonts include the following ${notices.length} open-source packages. Each one's licence follows the list.\n\n${list}\n\n${texts}`;
}

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/** The Vite plugin: collects the packages of every chunk and asset of the build. */
export function thirdPartyNotices(): Plugin {
  return {
    name: 'third-party-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') ids.push(...output.moduleIds);
        else ids.push(...(output.originalFileNames ?? []));
      }
      this.emitFile({
        type: 'asset',
        fileName: NOTICES_FILE,
        source: formatNotices(collectNotices(ids)),
      });
    },
  };
}
