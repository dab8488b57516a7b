import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAP_RECORDER } from '../../scripts/prerender';
import { findTapTarget, replayBootTap, takeBootTap, type BootTap } from '../../src/app/boot-tap';

/**
 * Decision 065: a tap on the pre-rendered page before the app has started. The boot script's
 * recorder (run here as the built page runs it) keeps it; the app clicks the same button.
 */
const copy = `
  <header><button type="button" aria-label="Open menu"><svg></svg></button></header>
  <main>
    <article><h3>Tourist</h3><button type="button">Buy
      this plan</button></article>
    <article><h3>Power User</h3><button type="button">Buy this plan</button></article>
    <form><input name="email" /><button>Send</button></form>
    <a href="#/contact">Contact</a>
  </main>`;

function bootPage() {
  document.body.innerHTML = `<div id="root">${copy}</div><button id="outside">Buy this plan</button>`;
  // The boot script's scope: `d` is the root element.
  new Function('d', TAP_RECORDER)(document.documentElement);
}

const root = () => document.getElementById('root')!;
const buttons = (name: string) =>
  [...root().querySelectorAll('button')].filter((b) => b.textContent?.includes(name));

afterEach(() => {
  delete window.__bootTap;
  document.documentElement.removeAttribute('data-boot-tap');
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the boot script keeps a tap made before the app started', () => {
  it('names the button by its label and its place among the buttons so labelled', () => {
    bootPage();
    buttons('Buy')[1]!.click();
    expect(document.documentElement).toHaveAttribute('data-boot-tap');
    expect(takeBootTap()).toEqual({ label: 'Buy this plan', index: 1 });
    expect(document.documentElement).not.toHaveAttribute('data-boot-tap');
    // Taken once: the recorder is gone and so is the tap.
    expect(window.__bootTap).toBeUndefined();
    expect(takeBootTap()).toBeNull();
  });

  it('keeps the last tap only, reads an icon button by its aria-label, ignores the outside', () => {
    bootPage();
    buttons('Buy')[0]!.click();
    root()
      .querySelector('svg')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('outside')!.click();
    expect(takeBootTap()).toEqual({ label: 'Open menu', index: 0 });
  });

  it('stops the pre-rendered form from being sent by the browser, and lets links be followed', () => {
    bootPage();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root().querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const send = new MouseEvent('click', { bubbles: true, cancelable: true });
    buttons('Send')[0]!.dispatchEvent(send);
    expect(send.defaultPrevented).toBe(true);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    root().querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    expect(takeBootTap()).toEqual({ label: 'Send', index: 0 });
  });

  it('records nothing once the app has taken over', () => {
    bootPage();
    expect(takeBootTap()).toBeNull();
    const late = new MouseEvent('click', { bubbles: true, cancelable: true });
    buttons('Buy')[0]!.dispatchEvent(late);
    expect(late.defaultPrevented).toBe(false);
    expect(document.documentElement).not.toHaveAttribute('data-boot-tap');
  });

  it('returns nothing when the page has no boot script (tests, the dev server)', () => {
    expect(takeBootTap()).toBeNull();
  });
});

describe('the app clicks the same button in its own page', () => {
  const appPage = () => {
    // React's page: the same buttons, new nodes, each with its handler.
    root().innerHTML = copy;
    const clicked: string[] = [];
    root()
      .querySelectorAll('button')
      .forEach((button, index) =>
        button.addEventListener('click', (event) => {
          event.preventDefault();
          clicked.push(`${index}:${button.textContent?.replace(/\s+/g, ' ').trim()}`);
        }),
      );
    return clicked;
  };

  it('finds the second of two buttons with the same label', () => {
    document.body.innerHTML = `<div id="root">${copy}</div>`;
    expect(findTapTarget(root(), { label: 'Buy this plan', index: 1 })).toBe(buttons('Buy')[1]);
    expect(findTapTarget(root(), { label: 'Buy this plan', index: 2 })).toBeNull();
  });

  /**
   * The browser's frames, drawn when the test says so: `frame()` runs the callbacks queued for
   * the next frame. The replay is judged in frames, never in milliseconds of a real clock.
   */
  function controlFrames() {
    let queued: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      queued.push(callback);
      return queued.length;
    });
    return {
      frame() {
        const now = queued;
        queued = [];
        for (const callback of now) callback(0);
      },
      pending: () => queued.length,
    };
  }

  it('replays the tap recorded on the copy, once, on the next frame', () => {
    const frames = controlFrames();
    bootPage();
    buttons('Buy')[1]!.click();
    const tap = takeBootTap()!;
    const clicked = appPage();
    replayBootTap(tap, root());
    replayBootTap(tap, root());
    expect(clicked).toEqual([]);
    frames.frame();
    expect(clicked).toEqual(['2:Buy this plan']);
    expect(frames.pending()).toBe(0);
  });

  it('waits for a button the page draws a few frames later, and gives up after its limit', () => {
    const frames = controlFrames();
    document.body.innerHTML = '<div id="root"><p>Loading…</p></div>';
    const tap: BootTap = { label: 'Buy this plan', index: 0 };
    const later: BootTap = { label: 'Never drawn', index: 0 };
    replayBootTap(tap, root(), 10);
    replayBootTap(later, root(), 2);
    for (let i = 0; i < 3; i += 1) frames.frame();
    // Three frames on, the page is drawn; the tap whose limit is 2 frames has given up.
    expect(frames.pending()).toBe(1);
    const clicked = appPage();
    frames.frame();
    expect(clicked).toEqual(['1:Buy this plan']);
    expect(frames.pending()).toBe(0);
  });
});
