import { Injectable } from '@nestjs/common';
import type { IdentityEmailConfirmed } from '@closetly/contracts';
import { type Db, OutboxWriter } from '@closetly/server';
import { AccountsRepository } from './accounts.repository';

/**
 * The one place an account's e-mail address becomes proved: a used
 * confirmation link, a provider that verified the address, a used reset
 * link. The first proof stamps `email_verified_at` and tells the catalogue
 * (identity.email-confirmed.v1, in the same transaction), where only proved
 * accounts count toward what other shoppers see; later proofs change nothing.
 */
@Injectable()
export class EmailProof {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** True when this proof was the first. */
  async prove(accountId: string, how: IdentityEmailConfirmed['how'], tx: Db): Promise<boolean> {
    if (!(await this.accounts.markEmailVerified(accountId, tx))) return false;
    await this.outbox.add(tx, 'identity.email-confirmed.v1', accountId, { userId: accountId, how });
    return true;
  }
}
