// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectNotices, formatNotices, packageDirOf } from '../../scripts/third-party-notices';

const modules = (...files: string[]) => files.map((file) => resolve('node_modules', file));

describe('third-party notices', () => {
  it('finds the package of a bundled module, scoped or nested, and skips our own code', () => {
    expect(packageDirOf('/app/node_modules/react/index.js')).toBe('/app/node_modules/react');
    expect(packageDirOf('/app/node_modules/@google/genai/dist/web/index.mjs')).toBe(
      '/app/node_modules/@google/genai',
    );
    expect(packageDirOf('/app/node_modules/a/node_modules/d3-path/src/path.js?x')).toBe(
      '/app/node_modules/a/node_modules/d3-path',
    );
    expect(packageDirOf('/app/src/main.tsx')).toBeUndefined();
  });

  it('lists each bundled package once with its licence and licence text', () => {
    const notices = collectNotices([
      ...modules(
        'react/index.js',
        'react/cjs/react.production.js',
        'mermaid/dist/mermaid.core.mjs',
        'three/build/three.module.js',
        'i18next/dist/esm/i18next.js',
      ),
      resolve('src/main.tsx'),
    ]);
    expect(notices.map((notice) => notice.name)).toEqual(['i18next', 'mermaid', 'react', 'three']);
    const react = notices.find((notice) => notice.name === 'react');
    expect(react?.license).toBe('MIT');
    expect(react?.texts.join('')).toMatch(/Permission is hereby granted/);
    const text = formatNotices(notices);
    expect(text).toMatch(/^- react \d+\.\d+\.\d+ \(MIT\)$/m);
    expect(text).toMatch(/^- three \d+\.\d+\.\d+ \(MIT\)$/m);
  });
});
