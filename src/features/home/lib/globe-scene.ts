import {
  AdditiveBlending,
  BackSide,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  RingGeometry,
  Scene,
  ShaderMaterial,
  SphereGeometry,
  Vector3,
  WebGLRenderer,
} from 'three';
import { landDots, YANGON } from './land';

/** A full turn takes about 80 seconds: slow enough to read, fast enough to see it turn. */
const SPIN_RADIANS_PER_SECOND = (Math.PI * 2) / 80;
const rad = Math.PI / 180;

/** Where the globe is drawn: a page canvas, or one handed to a worker (globe-scene-worker.ts). */
export type GlobeCanvas = HTMLCanvasElement | OffscreenCanvas;

/** A drawn globe: the frame loop (globe-loop.ts) decides when to draw. */
export type GlobeScene = {
  /** Turns the globe and the marker's pulse to `now` (milliseconds) and draws one frame. */
  draw: (now: number) => void;
  /** Sets the drawing buffer to `size` CSS pixels square; the canvas's CSS sets its shown size. */
  resize: (size: number) => void;
  /** Frees every GPU resource. */
  dispose: () => void;
};

/** Lets the thread breathe between setup steps, so no step becomes one long task. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A point on the unit sphere: lon 0 faces the camera (+z), north is +y. */
function toVector(lon: number, lat: number, radius = 1) {
  const phi = lat * rad;
  const lambda = lon * rad;
  return new Vector3(
    radius * Math.cos(phi) * Math.sin(lambda),
    radius * Math.sin(phi),
    radius * Math.cos(phi) * Math.cos(lambda),
  );
}

const atmosphereShader = {
  vertexShader: `
    varying vec3 vNormal;
    void main() {
      vNormal = normalize(normalMatrix * normal);
      gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
    }`,
  fragmentShader: `
    varying vec3 vNormal;
    void main() {
      float facing = -dot(vNormal, vec3(0.0, 0.0, 1.0));
      float intensity = smoothstep(0.0, 0.55, facing) * 0.5;
      gl_FragColor = vec4(0.37, 0.92, 0.83, 1.0) * intensity;
    }`,
};

/**
 * Builds the dotted globe with a marker at Yangon on `canvas` and compiles its shaders. Works on
 * the page and in a worker alike: it touches no DOM beyond the canvas it is given.
 */
export async function createGlobeScene(
  canvas: GlobeCanvas,
  size: number,
  pixelRatio: number,
): Promise<GlobeScene> {
  const renderer = new WebGLRenderer({
    canvas,
    antialias: true,
    alpha: true,
    powerPreference: 'low-power',
  });
  renderer.setPixelRatio(pixelRatio);
  renderer.setClearColor(0x000000, 0);
  await yieldToMain();

  const scene = new Scene();
  const camera = new PerspectiveCamera(32, 1, 0.1, 20);
  camera.position.set(0, 0, 4.1);

  const tilt = new Group();
  tilt.rotation.x = YANGON.lat * rad;
  const spin = new Group();
  spin.rotation.y = -YANGON.lon * rad;
  tilt.add(spin);
  scene.add(tilt);

  const ocean = new Mesh(
    new SphereGeometry(0.985, 64, 48),
    new MeshBasicMaterial({ color: new Color('#0f1c4d') }),
  );
  spin.add(ocean);

  const atmosphere = new Mesh(
    new SphereGeometry(1.16, 48, 32),
    new ShaderMaterial({
      ...atmosphereShader,
      side: BackSide,
      blending: AdditiveBlending,
      transparent: true,
      depthWrite: false,
    }),
  );
  scene.add(atmosphere);
  await yieldToMain();

  const positions: number[] = [];
  for (const dot of landDots(2.2)) {
    const point = toVector(dot.lon, dot.lat);
    positions.push(point.x, point.y, point.z);
  }
  const landGeometry = new BufferGeometry();
  landGeometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  const land = new Points(
    landGeometry,
    new PointsMaterial({ color: new Color('#5eead4'), size: 2.4, sizeAttenuation: false }),
  );
  spin.add(land);
  await yieldToMain();

  const markerPosition = toVector(YANGON.lon, YANGON.lat, 1.005);
  const markerMaterial = new MeshBasicMaterial({ color: new Color('#f6c344') });
  const marker = new Mesh(new SphereGeometry(0.03, 16, 12), markerMaterial);
  marker.position.copy(markerPosition);
  spin.add(marker);
  const pulseMaterial = new MeshBasicMaterial({
    color: new Color('#ffd76a'),
    transparent: true,
    depthWrite: false,
  });
  const pulse = new Mesh(new RingGeometry(0.04, 0.055, 40), pulseMaterial);
  pulse.position.copy(markerPosition);
  pulse.lookAt(markerPosition.clone().multiplyScalar(2));
  spin.add(pulse);

  const resize = (next: number) => renderer.setSize(Math.max(1, next), Math.max(1, next), false);
  resize(size);
  await renderer.compileAsync(scene, camera);

  let last: number | undefined;
  return {
    draw: (now) => {
      const seconds = last === undefined ? 0 : Math.min((now - last) / 1000, 0.1);
      last = now;
      spin.rotation.y += SPIN_RADIANS_PER_SECOND * seconds;
      const phase = (now / 1800) % 1;
      pulse.scale.setScalar(1 + phase * 1.6);
      pulseMaterial.opacity = 0.9 * (1 - phase);
      renderer.render(scene, camera);
    },
    resize,
    dispose: () => {
      scene.traverse((object) => {
        if (object instanceof Mesh || object instanceof Points) {
          object.geometry.dispose();
          (object.material as { dispose: () => void }).dispose();
        }
      });
      renderer.dispose();
    },
  };
}
