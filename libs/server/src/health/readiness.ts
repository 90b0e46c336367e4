import type { PingResponse } from '@closetly/contracts';

export type ReadinessCheck = () => Promise<boolean>;

/**
 * How long one check may take before it counts as down. Each check has its own deadline, so a slow engine
 * marks only itself: during a Redis outage the cache's ping hung, the whole ping missed the gateway's 2 s
 * deadline, and /api/health called every service unreachable.
 */
export const READINESS_CHECK_TIMEOUT_MS = 1_500;

/** A check's answer within the deadline: true only if it said so in time. */
async function withinDeadline(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each service registers the checks of the engines it uses; /ready and ping read them. */
export class ReadinessRegistry {
  private readonly services = new Map<string, Record<string, ReadinessCheck>>();

  constructor(private readonly checkTimeoutMs = READINESS_CHECK_TIMEOUT_MS) {}

  /** Adds checks to a service's set, keeping those already registered (e.g. search adds its engine). */
  add(service: string, checks: Record<string, ReadinessCheck>): void {
    this.services.set(service, { ...this.services.get(service), ...checks });
  }

  async check(service: string): Promise<PingResponse> {
    const checks = this.services.get(service) ?? {};
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, (await withinDeadline(check, this.checkTimeoutMs)) ? 'up' : 'down'] as const),
    );
    return { service, ready: results.every(([, status]) => status === 'up'), checks: Object.fromEntries(results) };
  }

  async checkAll(): Promise<PingResponse[]> {
    return Promise.all([...this.services.keys()].map((service) => this.check(service)));
  }
}
