import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Identity owns the beta access codes; the gateway turns a valid one into a signed beta token. */
@Injectable()
export class BetaCodesService {
  private readonly codeDigests: Buffer[];

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.codeDigests = config.betaCodes.map(digest);
  }

  /** Compares digests in constant time, so response time does not reveal how much of a code matched. */
  isValid(code: string): boolean {
    const candidate = digest(code.trim());
    let valid = false;
    for (const known of this.codeDigests) valid = timingSafeEqual(known, candidate) || valid;
    return valid;
  }
}
