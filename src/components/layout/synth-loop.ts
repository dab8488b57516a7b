/**
 * A short ambient loop made by the shop itself: four soft pad chords rendered as a 16-bit
 * mono WAV in memory. Nothing is downloaded; the module loads on the first press of play.
 */
const sampleRate = 22_050;
const secondsPerChord = 2;
// Pentatonic chords (Hz), close to the mood of a Burmese saung melody.
const chords = [
  [220.0, 277.18, 329.63],
  [196.0, 246.94, 293.66],
  [174.61, 220.0, 261.63],
  [196.0, 246.94, 329.63],
];

export function renderLoopWav(): Blob {
  const total = sampleRate * secondsPerChord * chords.length;
  const pcm = new Int16Array(total);
  for (let i = 0; i < total; i++) {
    const t = i / sampleRate;
    const chordIndex = Math.floor(t / secondsPerChord) % chords.length;
    const local = t - chordIndex * secondsPerChord;
    const envelope = Math.min(1, local / 0.4) * Math.min(1, (secondsPerChord - local) / 0.4);
    const notes = chords[chordIndex] ?? [];
    let value = 0;
    for (const frequency of notes) {
      value += Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t);
    }
    const shimmer = 0.15 * Math.sin(2 * Math.PI * 880 * t) * Math.max(0, Math.sin(Math.PI * local));
    pcm[i] = Math.round((value / (notes.length * 1.3) + shimmer) * envelope * 0.25 * 32_767);
  }
  const header = new DataView(new ArrayBuffer(44));
  const write = (offset: number, text: string) =>
    [...text].forEach((char, index) => header.setUint8(offset + index, char.charCodeAt(0)));
  write(0, 'RIFF');
  header.setUint32(4, 36 + pcm.byteLength, true);
  write(8, 'WAVE');
  write(12, 'fmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, sampleRate, true);
  header.setUint32(28, sampleRate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  write(36, 'data');
  header.setUint32(40, pcm.byteLength, true);
  return new Blob([header, pcm], { type: 'audio/wav' });
}
