import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw-server';

/** Any console.error or console.warn fails the test that caused it (React and i18n warnings too). */
const problems: string[] = [];
const fail =
  (level: string) =>
  (...args: unknown[]) => {
    problems.push(
      `${level}: ${args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')}`,
    );
  };

// findBy/waitFor give up after 15 s instead of 1 s: CI machines are slower and busier than ours
// (decision 082: CI stays green with both cores kept busy by other work), and a test that waits
// for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  problems.length = 0;
  vi.spyOn(console, 'error').mockImplementation(fail('console.error'));
  vi.spyOn(console, 'warn').mockImplementation(fail('console.warn'));
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  const found = problems.splice(0);
  if (found.length) throw new Error(`The test wrote to the console:\n${found.join('\n')}`);
});
afterAll(() => {
  server.close();
  // What a file switched on for itself ends with it (decision 096).
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// jsdom has no canvas, media playback or matchMedia; the app treats them as optional.
if (typeof window !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() =>
    null) as unknown as HTMLCanvasElement['getContext'];
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => {};
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // jsdom has <dialog> but not showModal()/close(): a modal with what our Modal relies on (open,
  // Escape as a cancelable `cancel` that closes unless prevented, `close` on closing).
  if (!HTMLDialogElement.prototype.showModal) {
    const escapes = new WeakMap<HTMLDialogElement, (event: KeyboardEvent) => void>();
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      if (this.open) return;
      this.setAttribute('open', '');
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key !== 'Escape') return;
        if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
      };
      escapes.set(this, onKeyDown);
      document.addEventListener('keydown', onKeyDown);
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      const onKeyDown = escapes.get(this);
      if (onKeyDown) document.removeEventListener('keydown', onKeyDown);
      this.dispatchEvent(new Event('close'));
    };
  }
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => {};
}
