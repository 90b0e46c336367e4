import type { PingResponse } from '@closetly/contracts';

export type ReadinessCheck = () => Promise<boolean>;

/** Each service registers the checks of the engines it uses; /ready and ping read them. */
export class ReadinessRegistry {
  private readonly services = new Map<string, Record<string, ReadinessCheck>>();

  /** Adds checks to a service's set, keeping those already registered (e.g. search adds its engine). */
  add(service: string, checks: Record<string, ReadinessCheck>): void {
    this.services.set(service, { ...this.services.get(service), ...checks });
  }

  async check(service: string): Promise<PingResponse> {
    const checks = this.services.get(service) ?? {};
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, (await check().catch(() => false)) ? 'up' : 'down'] as const),
    );
    return { service, ready: results.every(([, status]) => status === 'up'), checks: Object.fromEntries(results) };
  }

  async checkAll(): Promise<PingResponse[]> {
    return Promise.all([...this.services.keys()].map((service) => this.check(service)));
  }
}
