/** The types of parse-prometheus-text-format (it ships none): metric families of the text format. */
declare module 'parse-prometheus-text-format' {
  type Sample = {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  type Family = { name: string; help: string; type: string; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
