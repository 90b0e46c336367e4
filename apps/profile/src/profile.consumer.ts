import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { PrivacyService } from './privacy/privacy.service';
import { ProfilesService } from './profiles/profiles.service';

/**
 * Creates each new account's profile from identity's event, once per event (inbox) and once per account (insert if missing);
 * erases what the service holds for a deleted account, once per event.
 */
@Controller()
export class ProfileConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly profiles: ProfilesService,
    private readonly privacy: PrivacyService,
  ) {}

  @EventHandler('identity.account-registered.v1')
  async onAccountRegistered(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-registered.v1', message, ({ accountId, ...account }, tx) =>
      this.privacy.unlessErased(accountId, tx, () => this.profiles.accountRegistered(accountId, account, tx)),
    );
  }

  @EventHandler('identity.account-deleted.v1')
  async onAccountDeleted(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-deleted.v1', message, ({ userId }, tx) => this.privacy.accountDeleted(userId, tx));
  }
}
