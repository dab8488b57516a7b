export type StageOutcome = { ok: boolean; output: string; cpuSeconds?: number };
export type StageResult = StageOutcome & { seconds: number };
export function runStages<S extends { name: string; after?: string[] }>(
  stages: S[],
  options: {
    concurrency: number;
    run: (stage: S) => Promise<StageOutcome>;
    onStart?: (stage: S) => void;
    onEnd?: (stage: S, result: StageResult) => void;
    now?: () => number;
  },
): Promise<({ name: string } & StageResult)[]>;
export function childCpuSeconds(text: string): number | undefined;
export function machineTicks(procStat: string): { busy: number; total: number } | undefined;
export function cpuGroup(
  name: string,
  root?: string,
): { path: string; cpuSeconds(): number | undefined; remove(): void } | undefined;
