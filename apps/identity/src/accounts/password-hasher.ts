import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/** OWASP's argon2id settings: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** Verified against when there is no account, so an unknown e-mail costs the same time as a wrong password. */
  private dummyHash: Promise<string> | undefined;

  /**
   * Starts making the dummy hash, without waiting for it: one argon2 hash is about 0.1 s of a thread (more
   * on a loaded machine), which held up every start (BENCH_ONLY=footprint). A verification in the first
   * moments waits for it.
   */
  onModuleInit(): void {
    this.dummy().catch(() => undefined);
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= argon2.hash('closetly-timing-equaliser', ARGON2_OPTIONS).catch((error: unknown) => {
      this.dummyHash = undefined; // the next verification tries again
      throw error;
    });
    return this.dummyHash;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** Whether a stored hash was made with other settings than today's (older, weaker, or not argon2id), so it should be replaced. */
  needsRehash(hash: string): boolean {
    const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
    try {
      return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, { memoryCost, timeCost, parallelism });
    } catch {
      // Not a hash argon2 can read: verify() never matches it, so there is nothing to upgrade.
      return false;
    }
  }

  /** Always runs one argon2 verification, whether or not there is a hash to check. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const matched = await argon2.verify(hash ?? (await this.dummy()), password).catch(() => false);
    return Boolean(hash) && matched;
  }
}
