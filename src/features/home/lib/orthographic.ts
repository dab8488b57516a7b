const rad = Math.PI / 180;

/**
 * Orthographic projection of a point seen from above (lon0, lat0): x to the right, y up, on a
 * unit disc; `visible` is false on the far side of the globe.
 */
export function project(lon: number, lat: number, lon0: number, lat0: number) {
  const phi = lat * rad;
  const lambda = (lon - lon0) * rad;
  const phi0 = lat0 * rad;
  const cosC = Math.sin(phi0) * Math.sin(phi) + Math.cos(phi0) * Math.cos(phi) * Math.cos(lambda);
  return {
    x: Math.cos(phi) * Math.sin(lambda),
    y: Math.cos(phi0) * Math.sin(phi) - Math.sin(phi0) * Math.cos(phi) * Math.cos(lambda),
    visible: cosC > 0,
    depth: cosC,
  };
}
