import { Injectable } from '@nestjs/common';
import type { Recommender } from '@closetly/recommendation';

/** The longest a built recommender is used: what this process cannot see (another replica's saves) shows within this. */
export const RECOMMENDER_MAX_AGE_MS = 60_000;
/** After a change, a recommender younger than this is still used: a stream of saves rebuilds it at most this often. */
export const RECOMMENDER_MIN_AGE_MS = 2_000;

interface Built {
  recommender: Recommender;
  /** The data version it was built from. */
  version: number;
  /** When its build began (the data it read is at least this new). */
  at: number;
}

/**
 * The recommender built from the saves and public products, kept in this
 * process: building it reads every recent save, asking it for one user is
 * cheap. A change this process commits (a save, a removal, a product event
 * consumed) calls `changed()`, after its commit, and the next request builds
 * afresh (once RECOMMENDER_MIN_AGE_MS have passed); otherwise it is rebuilt
 * after RECOMMENDER_MAX_AGE_MS. Concurrent requests share one build.
 *
 * What stays exact whatever the cache holds is checked per request by the
 * service: the caller's own saves are excluded and only products public now
 * are answered.
 */
@Injectable()
export class RecommenderCache {
  private version = 0;
  private built: Built | null = null;
  private building: Promise<Recommender> | null = null;

  async get(build: () => Promise<Recommender>): Promise<Recommender> {
    if (this.built && this.usable(this.built, Date.now())) return this.built.recommender;
    this.building ??= this.rebuild(build).finally(() => (this.building = null));
    return this.building;
  }

  /** The data a recommender is built from changed (call after the change has committed). */
  changed(): void {
    this.version += 1;
  }

  private usable(built: Built, now: number): boolean {
    const age = now - built.at;
    return age < RECOMMENDER_MAX_AGE_MS && (built.version === this.version || age < RECOMMENDER_MIN_AGE_MS);
  }

  private async rebuild(build: () => Promise<Recommender>): Promise<Recommender> {
    const version = this.version;
    const at = Date.now();
    const recommender = await build();
    this.built = { recommender, version, at };
    return recommender;
  }
}
