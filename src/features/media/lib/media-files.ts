/** Framework-free helpers for the media pages: file names and start-image checks. */

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** `image/jpeg` -> `JPEG`, for a short format label. */
export const formatLabel = (mimeType: string): string =>
  (mimeType.split('/')[1] ?? mimeType).split(';')[0]!.toUpperCase();

const pad = (value: number) => String(value).padStart(2, '0');

/** A download name such as `ai-image-20250301-093000.jpg`, from local time and the type. */
export function mediaFileName(kind: 'image' | 'video', mimeType: string, at = new Date()): string {
  const type = mimeType.split(';')[0] ?? mimeType;
  const extension = extensions[type] ?? type.split('/')[1] ?? 'bin';
  const date = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `ai-${kind}-${date}-${time}.${extension}`;
}

/** Seconds as `m:ss` (or `h:mm:ss` past an hour). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export const MAX_START_IMAGE_BYTES = 20 * 1024 * 1024;

export type StartImageCheck = 'ok' | 'not-image' | 'too-large';

/** A start image must have an image content type; anything else is ignored. */
export function checkStartImage(file: Pick<File, 'type' | 'size'>): StartImageCheck {
  if (!file.type.startsWith('image/')) return 'not-image';
  if (file.size > MAX_START_IMAGE_BYTES) return 'too-large';
  return 'ok';
}
