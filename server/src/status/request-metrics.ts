/**
 * The requests this process answered, by route pattern, method and status, with their latency:
 * `esim_http_requests_total` (a counter) and `esim_http_request_duration_seconds` (a histogram),
 * written in Prometheus's text format at each scrape beside the registry's families.
 *
 * They are plain numbers, not prom-client metrics: every answer is counted, GET /plans's in about
 * 20 µs of server time, and prom-client hashes the labels on each `inc` and each `observe` (about
 * 1 µs a request, measured with `server/bench/api.ts`). Here an answer costs one map lookup and
 * a few additions; the text is made only when Prometheus asks.
 */

/** The latency buckets' upper bounds, in seconds (a request past 60 s counts only in +Inf). */
export const REQUEST_SECONDS_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
] as const;

const COUNTER = 'esim_http_requests_total';
const HISTOGRAM = 'esim_http_request_duration_seconds';

type Series = {
  /** `route="…",method="…",status="…"`, escaped once. */
  labels: string;
  count: number;
  sum: number;
  /** Requests in each bucket alone (not cumulative), one per bound. */
  inBucket: number[];
};

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
const labelValue = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export type RequestMetrics = {
  observe(route: string, method: string, status: number, seconds: number): void;
  /** Both families in the text format, each line ending with a newline. */
  text(): string;
};

export function createRequestMetrics(): RequestMetrics {
  const series = new Map<string, Series>();
  return {
    observe(route, method, status, seconds) {
      const key = `${route} ${method} ${status}`;
      let one = series.get(key);
      if (!one) {
        one = {
          labels: `route="${labelValue(route)}",method="${labelValue(method)}",status="${status}"`,
          count: 0,
          sum: 0,
          inBucket: REQUEST_SECONDS_BUCKETS.map(() => 0),
        };
        series.set(key, one);
      }
      one.count += 1;
      one.sum += seconds;
      const bucket = REQUEST_SECONDS_BUCKETS.findIndex((bound) => seconds <= bound);
      if (bucket >= 0) one.inBucket[bucket] = (one.inBucket[bucket] ?? 0) + 1;
    },
    text() {
      const counter = [
        `# HELP ${COUNTER} HTTP requests answered, by route pattern, method and status.`,
        `# TYPE ${COUNTER} counter`,
      ];
      const histogram = [
        `# HELP ${HISTOGRAM} Time to answer an HTTP request (until its headers), by route pattern, method and status.`,
        `# TYPE ${HISTOGRAM} histogram`,
      ];
      for (const { labels, count, sum, inBucket } of series.values()) {
        counter.push(`${COUNTER}{${labels}} ${count}`);
        let below = 0;
        REQUEST_SECONDS_BUCKETS.forEach((bound, index) => {
          below += inBucket[index] ?? 0;
          histogram.push(`${HISTOGRAM}_bucket{le="${bound}",${labels}} ${below}`);
        });
        histogram.push(`${HISTOGRAM}_bucket{le="+Inf",${labels}} ${count}`);
        // A sum of elapsed times: always finite, so `String` writes it as prom-client does.
        histogram.push(`${HISTOGRAM}_sum{${labels}} ${sum}`);
        histogram.push(`${HISTOGRAM}_count{${labels}} ${count}`);
      }
      return `${counter.join('\n')}\n\n${histogram.join('\n')}\n`;
    },
  };
}
