/** Types of fake-smdp.mjs (the server's tests import it). */
export type FakeProfile = {
  iccid: string;
  profileType: string;
  state: string;
  matchingId: string | null;
  eid: string | null;
};
export type FakeCall = {
  fn: string;
  body: Record<string, unknown> & {
    header: { functionRequesterIdentifier: string; functionCallIdentifier: string };
  };
  headers: Record<string, string | string[] | undefined>;
};
export type FakeControl = {
  refuse: null | { fn?: string; subjectCode?: string; reasonCode?: string; message?: string };
  delayMs: number;
  down: boolean;
  failNext: number;
  /** Hold the answers of the next n ES2+ calls until `release()`. */
  holdNext: number;
  available: number | null;
};
export type ProgressStep = { id: number; status?: string; at?: number };
export type FakeSmdp = {
  url: string;
  port: number;
  calls: FakeCall[];
  control: FakeControl;
  profiles: Map<string, FakeProfile>;
  /** The profile types it knows (a DownloadOrder of another is Failed 8.2.5 / 3.9). */
  profileTypes: Set<string>;
  report(iccid: string, points?: ProgressStep[]): Promise<number[]>;
  /** How many calls' answers are held (holdNext) right now. */
  held(): number;
  /** Lets every held call be answered. */
  release(): void;
  /** Resolves once every request received so far is answered (a late answer changes profiles). */
  settled(): Promise<void>;
  close(): Promise<void>;
};
export function startFakeSmdp(options?: {
  port?: number;
  host?: string;
  smdpAddress?: string | null;
  profileTypes?: string[];
  callbackUrl?: string;
  callbackToken?: string;
  iccidPrefix?: string;
  /** How it calls the shop's callback (tests: the app in-process); default: fetch. */
  fetch?: typeof fetch;
}): Promise<FakeSmdp>;
