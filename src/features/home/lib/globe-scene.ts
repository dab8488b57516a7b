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
/** A slow globe needs no more than 30 frames a second. */
const FRAME_MS = 1000 / 30;
/** If drawing a frame keeps the main thread this busy on average, the device is too slow. */
const SLOW_FRAME_MS = 12;
const FRAMES_TO_JUDGE = 20;
const rad = Math.PI / 180;

type GlobeOptions = {
  /** Whether to give up (onLost) when the first frames show the device is too slow. */
  judgeSpeed: boolean;
  /** Called once the first frame is on screen (the still globe can then step aside). */
  onReady: () => void;
  /** Called if the WebGL context is lost or frames are too slow; the still globe comes back. */
  onLost: () => void;
};

/** Lets the browser breathe between setup steps, so no step becomes one long task. */
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
 * Draws a dotted, slowly turning globe with a marker at Yangon into `host`. Resolves with a
 * function that stops it and frees every GPU resource.
 */
export async function mountGlobe(host: HTMLElement, options: GlobeOptions): Promise<() => void> {
  const renderer = new WebGLRenderer({
    antialias: true,
    alpha: true,
    powerPreference: 'low-power',
  });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 1.5));
  renderer.setClearColor(0x000000, 0);
  const canvas = renderer.domElement;
  canvas.className = 'globe__canvas';
  canvas.setAttribute('aria-hidden', 'true');
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

  const resize = () => {
    const size = Math.max(1, Math.round(host.clientWidth));
    renderer.setSize(size, size, false);
  };
  resize();
  host.append(canvas);
  await renderer.compileAsync(scene, camera);

  let frame = 0;
  let last = performance.now();
  let visible = true;
  let ready = false;
  let judged = 0;
  let busy = 0;
  let stopped = false;

  const draw = (now: number) => {
    const seconds = Math.min((now - last) / 1000, 0.1);
    last = now;
    spin.rotation.y += SPIN_RADIANS_PER_SECOND * seconds;
    const phase = (now / 1800) % 1;
    pulse.scale.setScalar(1 + phase * 1.6);
    pulseMaterial.opacity = 0.9 * (1 - phase);
    const started = performance.now();
    renderer.render(scene, camera);
    if (options.judgeSpeed && judged < FRAMES_TO_JUDGE) {
      busy += performance.now() - started;
      judged += 1;
      if (judged === FRAMES_TO_JUDGE && busy / judged > SLOW_FRAME_MS) {
        stopped = true;
        options.onLost();
        return;
      }
    }
    if (!ready) {
      ready = true;
      options.onReady();
    }
  };
  const loop = (now: number) => {
    if (now - last >= FRAME_MS - 1) draw(now);
    if (!stopped) frame = requestAnimationFrame(loop);
  };
  const update = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    if (visible && !stopped && !document.hidden) {
      last = performance.now();
      frame = requestAnimationFrame(loop);
    }
  };

  const intersection = new IntersectionObserver((entries) => {
    visible = entries.some((entry) => entry.isIntersecting);
    update();
  });
  intersection.observe(host);
  const sizeObserver = new ResizeObserver(() => {
    resize();
    if (!frame && !stopped) draw(performance.now());
  });
  sizeObserver.observe(host);
  const onContextLost = (event: Event) => {
    event.preventDefault();
    stopped = true;
    cancelAnimationFrame(frame);
    options.onLost();
  };
  canvas.addEventListener('webglcontextlost', onContextLost);
  document.addEventListener('visibilitychange', update);
  update();

  return () => {
    cancelAnimationFrame(frame);
    intersection.disconnect();
    sizeObserver.disconnect();
    document.removeEventListener('visibilitychange', update);
    canvas.removeEventListener('webglcontextlost', onContextLost);
    scene.traverse((object) => {
      if (object instanceof Mesh || object instanceof Points) {
        object.geometry.dispose();
        (object.material as { dispose: () => void }).dispose();
      }
    });
    renderer.dispose();
    canvas.remove();
  };
}
