/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  /** A request as autocannon builds it; `setupRequest` may return a changed copy. */
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    maxOverallRequests?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Requests sent in turn on each connection; `setupRequest` runs before each is sent. */
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  };
  export default function autocannon(options: Options): Promise<Result>;
}
