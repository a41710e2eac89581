// autocannon ships no types; this declares the part bench/run.ts uses.
declare module 'autocannon' {
  type Percentiles = { average: number; mean: number; min: number; max: number; p50: number; p90: number; p99: number; total: number };
  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    maxOverallRequests?: number;
    workers?: number;
    timeout?: number;
  };
  export type Result = {
    latency: Percentiles;
    requests: Percentiles & { sent: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
