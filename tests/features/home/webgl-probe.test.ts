// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isHardware, probeCanvas } from '../../../src/features/home/lib/webgl-probe';

/** A stand-in for a canvas whose WebGL context reports `renderer`. */
function canvasWith(renderer: string | null) {
  let lost = false;
  const context = {
    RENDERER: 0x1f01,
    getExtension: (name: string) => {
      if (name === 'WEBGL_debug_renderer_info') return { UNMASKED_RENDERER_WEBGL: 0x9246 };
      if (name === 'WEBGL_lose_context') return { loseContext: () => (lost = true) };
      return null;
    },
    getParameter: (code: number) => (code === 0x9246 ? renderer : 'WebKit WebGL'),
  };
  return {
    canvas: { getContext: () => (renderer === null ? null : context) },
    wasReleased: () => lost,
  };
}

describe('probeCanvas and isHardware', () => {
  it.each([
    ['ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)', true],
    ['Adreno (TM) 650', true],
    ['Mali-G78', true],
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', false],
    ['llvmpipe (LLVM 15.0.7, 256 bits)', false],
    ['Microsoft Basic Render Driver', false],
  ])('%s counts as hardware: %s', (renderer, hardware) => {
    const { canvas, wasReleased } = canvasWith(renderer);
    const probe = probeCanvas(canvas);
    expect(probe).toEqual({ available: true, renderer });
    expect(isHardware(probe)).toBe(hardware);
    expect(wasReleased()).toBe(true);
  });

  it('reports no WebGL when there is no context', () => {
    const probe = probeCanvas(canvasWith(null).canvas);
    expect(probe.available).toBe(false);
    expect(isHardware(probe)).toBe(false);
  });

  it('reports no WebGL when asking for a context throws', () => {
    const probe = probeCanvas({
      getContext: () => {
        throw new Error('blocked');
      },
    });
    expect(probe.available).toBe(false);
  });
});
