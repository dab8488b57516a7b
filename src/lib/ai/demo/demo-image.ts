import { blobToBase64 } from '../../base64';
/** Draws a deterministic picture for a prompt: a night sky over a stupa outline, captioned with the prompt. */
export async function drawDemoImage(prompt: string): Promise<{ mimeType: string; base64: string }> {
  const canvas = document.createElement('canvas');
  canvas.width = 768;
  canvas.height = 512;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  let seed = [...prompt].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
  const hue = Math.floor(random() * 360);
  const sky = context.createLinearGradient(0, 0, 0, canvas.height);
  sky.addColorStop(0, `hsl(${hue} 60% 12%)`);
  sky.addColorStop(1, `hsl(${(hue + 40) % 360} 70% 35%)`);
  context.fillStyle = sky;
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < 160; i++) {
    context.fillStyle = `rgba(255,255,255,${0.3 + random() * 0.7})`;
    context.fillRect(random() * canvas.width, random() * canvas.height * 0.7, 2, 2);
  }
  context.fillStyle = 'hsl(45 90% 55%)';
  context.beginPath();
  context.moveTo(384, 150);
  context.quadraticCurveTo(430, 330, 470, 420);
  context.lineTo(298, 420);
  context.quadraticCurveTo(338, 330, 384, 150);
  context.fill();
  context.fillStyle = `hsl(${(hue + 200) % 360} 40% 10%)`;
  context.fillRect(0, 420, canvas.width, 92);
  // The prompt as a caption, so the visitor sees that the picture answers their words.
  const caption = prompt.replace(/\s+/g, ' ').trim();
  if (caption) {
    context.fillStyle = 'rgba(255, 255, 255, 0.92)';
    context.font = '600 20px "Noto Sans Myanmar", system-ui, sans-serif';
    let text = caption;
    while (text.length > 1 && context.measureText(text).width > canvas.width - 48) {
      text = text.slice(0, -1);
    }
    context.fillText(text === caption ? text : `${text.slice(0, -1)}…`, 24, 472);
  }
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.85),
  );
  if (!blob) throw new Error('Could not encode the demo image');
  return { mimeType: 'image/jpeg', base64: await blobToBase64(blob) };
}
