/** What the browser can draw fast: every game's Pixi view asks before choosing its renderer. */

/**
 * Does this browser draw WebGL on a GPU? Software WebGL (SwiftShader, llvmpipe: no GPU, a
 * blocklisted driver, headless Chromium) is far slower than Canvas 2D for what the games draw.
 */
export function hasFastWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const options = { failIfMajorPerformanceCaveat: true };
    const gl = (canvas.getContext('webgl2', options) ?? canvas.getContext('webgl', options)) as WebGLRenderingContext | null;
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !isSoftwareRenderer(renderer);
  } catch {
    return false;
  }
}

export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}
