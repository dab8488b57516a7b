import { describe, expect, it } from 'vitest';
import {
  checkStartImage,
  formatElapsed,
  formatLabel,
  MAX_START_IMAGE_BYTES,
  mediaFileName,
} from '../../../src/features/media/lib/media-files';

describe('media file helpers', () => {
  it.each([
    ['image', 'image/jpeg', 'ai-image-20250301-090507.jpg'],
    ['image', 'image/png', 'ai-image-20250301-090507.png'],
    ['video', 'video/mp4', 'ai-video-20250301-090507.mp4'],
    ['video', 'video/webm;codecs=vp9', 'ai-video-20250301-090507.webm'],
  ] as const)('names a %s of type %s', (kind, type, name) => {
    expect(mediaFileName(kind, type, new Date(2025, 2, 1, 9, 5, 7))).toBe(name);
  });

  it.each([
    [0, '0:00'],
    [9.9, '0:09'],
    [65, '1:05'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('formats %s seconds as %s', (seconds, text) => {
    expect(formatElapsed(seconds)).toBe(text);
  });

  it('labels formats', () => {
    expect(formatLabel('image/jpeg')).toBe('JPEG');
    expect(formatLabel('video/webm;codecs=vp8')).toBe('WEBM');
  });

  it.each([
    [{ type: 'image/png', size: 1000 }, 'ok'],
    [{ type: 'image/heic', size: 1000 }, 'ok'],
    [{ type: 'application/pdf', size: 1000 }, 'not-image'],
    [{ type: '', size: 1000 }, 'not-image'],
    [{ type: 'video/mp4', size: 1000 }, 'not-image'],
    [{ type: 'image/jpeg', size: MAX_START_IMAGE_BYTES + 1 }, 'too-large'],
  ])('checks a start image %j as %s', (file, result) => {
    expect(checkStartImage(file)).toBe(result);
  });
});
