import { landDots, YANGON } from './land';
import { project } from './orthographic';

/** The still globe's drawing (an SVG of this size, the globe of this radius in its middle). */
export const STILL_GLOBE_SIZE = 400;
export const STILL_GLOBE_RADIUS = 175;
const centre = STILL_GLOBE_SIZE / 2;

const toScreen = (lon: number, lat: number) => {
  const point = project(lon, lat, YANGON.lon, YANGON.lat);
  return {
    visible: point.visible,
    x: Math.round(centre + point.x * STILL_GLOBE_RADIUS),
    y: Math.round(centre - point.y * STILL_GLOBE_RADIUS),
  };
};

/** Writes SVG path commands with relative coordinates (they compress far better). */
function pathWriter() {
  let path = '';
  let x = 0;
  let y = 0;
  const pair = (dx: number, dy: number) => `${dx}${dy < 0 ? '' : ' '}${dy}`;
  return {
    move(toX: number, toY: number, suffix = '') {
      path += path ? `m${pair(toX - x, toY - y)}${suffix}` : `M${toX} ${toY}${suffix}`;
      x = toX;
      y = toY;
    },
    line(toX: number, toY: number) {
      path += `l${pair(toX - x, toY - y)}`;
      x = toX;
      y = toY;
    },
    toString: () => path,
  };
}

/** The land dots facing the viewer, as one path of zero-length round-capped segments. */
function landPath(): string {
  const path = pathWriter();
  for (const dot of landDots(3.2)) {
    const point = toScreen(dot.lon, dot.lat);
    if (point.visible) path.move(point.x, point.y, 'h0');
  }
  return path.toString();
}

/** Parallels every 30° and meridians every 30°, on the visible side only. */
function graticulePath(): string {
  const path = pathWriter();
  const trace = (points: Array<[number, number]>) => {
    let pen = false;
    for (const [lon, lat] of points) {
      const point = toScreen(lon, lat);
      if (!point.visible) {
        pen = false;
        continue;
      }
      if (pen) path.line(point.x, point.y);
      else path.move(point.x, point.y);
      pen = true;
    }
  };
  for (let lat = -60; lat <= 60; lat += 30) {
    trace(Array.from({ length: 73 }, (_, i): [number, number] => [-180 + i * 5, lat]));
  }
  for (let lon = -180; lon < 180; lon += 30) {
    trace(Array.from({ length: 37 }, (_, i): [number, number] => [lon, -90 + i * 5]));
  }
  return path.toString();
}

/**
 * Computes the still globe, centred on Yangon. Its result is stored in still-globe-data.ts so the
 * home page draws it without any work; a unit test keeps the two in step.
 */
export function buildStillGlobe() {
  const marker = toScreen(YANGON.lon, YANGON.lat);
  return {
    size: STILL_GLOBE_SIZE,
    radius: STILL_GLOBE_RADIUS,
    marker: { x: marker.x, y: marker.y },
    graticule: graticulePath(),
    land: landPath(),
  };
}

/**
 * The globe's map (the graticule and the land dots) as an SVG file of its own, which the still
 * globe draws with `<use>`: the home page's HTML then carries the globe's frame, not its 7 KB of
 * paths, and stays within a slow connection's first round trip (issue #42 point 5).
 */
export function stillGlobeMapSvg(globe: Pick<StillGlobe, 'size' | 'graticule' | 'land'>): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${globe.size} ${globe.size}">`,
    `<g id="${STILL_GLOBE_MAP_ID}">`,
    `<path d="${globe.graticule}" fill="none" stroke="#94a3dc" stroke-opacity="0.2" stroke-width="0.8"/>`,
    `<path d="${globe.land}" stroke="#5eead4" stroke-width="3.6" stroke-linecap="round"/>`,
    '</g></svg>',
    '',
  ].join('\n');
}

/** The id of the map's group in its file. */
export const STILL_GLOBE_MAP_ID = 'map';

export type StillGlobe = ReturnType<typeof buildStillGlobe>;

/** What the page's code keeps of the still globe: its frame, and the map file's version. */
export type StillGlobeFrame = Pick<StillGlobe, 'size' | 'radius' | 'marker'> & {
  /** The map file's content hash, in its address: a new map is never taken from a cache. */
  mapVersion: string;
};
