import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventHandler, EventInbox } from '@closetly/server';
import { ProfilesService } from './profiles/profiles.service';

/** Creates each new account's profile from identity's event, once per event (inbox) and once per account (insert if missing). */
@Controller()
export class ProfileConsumer {
  constructor(
    private readonly inbox: EventInbox,
    private readonly profiles: ProfilesService,
  ) {}

  @EventHandler('identity.account-registered.v1')
  async onAccountRegistered(@Payload() message: unknown): Promise<void> {
    await this.inbox.consume('identity.account-registered.v1', message, ({ accountId, ...account }, tx) => this.profiles.accountRegistered(accountId, account, tx));
  }
}
