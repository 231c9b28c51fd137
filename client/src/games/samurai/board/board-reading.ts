/** Pure readings of the board for display: who leads where, and what the browser can draw fast. */
import { influence, Table } from '@samurai/shared';

/** Per caste: the seat with strictly the most influence on it at this settlement (above 0), or null. */
export function leadersAt(table: Table, settlement: number): (number | null)[] {
  const sums = influence(table, settlement);
  return [0, 1, 2].map((c) => {
    let best = 0;
    let leader: number | null = null;
    sums.forEach((perCaste, seat) => {
      if (perCaste[c] > best) {
        best = perCaste[c];
        leader = seat;
      } else if (perCaste[c] === best) leader = null;
    });
    return leader;
  });
}

/**
 * Does this browser draw WebGL on a GPU? Software WebGL (SwiftShader, llvmpipe: no GPU, a
 * blocklisted driver, headless Chromium) is far slower than Canvas 2D for this board.
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

