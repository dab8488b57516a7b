import { writeSync } from 'node:fs';

/** Where pino writes: a line at a time, and everything still held written at once. */
export type LineDestination = {
  write(line: string): void;
  /** Writes every line still held, before returning. */
  flushSync(): void;
};

/** A few milliseconds' sleep of the thread, for a pipe that is full (EAGAIN). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Log lines written to a file descriptor (stdout) synchronously, the lines of one turn of the
 * event loop in one write at its end (decision 103). pino's default destination wrote each line
 * with an asynchronous `fs.write`, a round trip through libuv's thread pool per line: under load
 * the largest item of `GET /plans`'s CPU profile after the answer's own write. Here a line is
 * held until the turn's other work is done (`setImmediate`), so a quiet server writes each line
 * at once and a busy one a handful in one system call, in order. Whatever is still held is
 * written when the process exits (any `process.exit`, or the event loop running dry) or on
 * `flushSync()`; only a process killed outright (SIGKILL) can lose the last turn's lines.
 * A reader that has gone away (EPIPE) ends the writing, as pino's own destination does.
 */
export function turnBatchedLines(fd: number): LineDestination {
  let held = '';
  let scheduled = false;
  let closed = false;

  const flushSync = () => {
    scheduled = false;
    if (held === '' || closed) return;
    const text = held;
    held = '';
    // The text in one write; a partial write (a pipe with less room) goes on by bytes.
    let rest: Buffer | undefined;
    for (;;) {
      try {
        if (rest === undefined) {
          const written = writeSync(fd, text);
          if (written >= Buffer.byteLength(text)) return;
          rest = Buffer.from(text).subarray(written);
        } else {
          const written = writeSync(fd, rest);
          if (written >= rest.length) return;
          rest = rest.subarray(written);
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EBUSY') {
          pause(10);
          continue;
        }
        if (code === 'EPIPE') {
          closed = true;
          return;
        }
        throw error;
      }
    }
  };

  process.once('exit', flushSync);
  return {
    write(line) {
      if (closed) return;
      held += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushSync);
      }
    },
    flushSync,
  };
}
