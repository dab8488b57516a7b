/** What a WebGL probe found: whether there is a context, and which renderer draws it. */
export type WebGLProbe = { available: boolean; renderer: string };

type ContextSource = {
  getContext(type: 'webgl2' | 'webgl', options: WebGLContextAttributes): unknown;
};

/** Creates a throwaway WebGL context on `canvas`, reads its renderer and releases it. */
export function probeCanvas(canvas: ContextSource): WebGLProbe {
  try {
    const options = { failIfMajorPerformanceCaveat: true };
    const gl = (canvas.getContext('webgl2', options) ??
      canvas.getContext('webgl', options)) as WebGLRenderingContext | null;
    if (!gl) return { available: false, renderer: '' };
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { available: true, renderer };
  } catch {
    return { available: false, renderer: '' };
  }
}

const softwareRenderers = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

/** True for a context drawn by a graphics chip, false for none or for a software renderer. */
export const isHardware = (probe: WebGLProbe) =>
  probe.available && !softwareRenderers.test(probe.renderer);
