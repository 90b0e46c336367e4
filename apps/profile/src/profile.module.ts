import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ErasedAccounts, FileMailer, MAILER, MailQueue, PLATFORM, type Platform, PROCESS_ENV, randomSecret, type SchemaMigrations, ServiceRuntimeModule, SigningKeys, SmtpMailer, migrationsFolder } from '@closetly/server';
import { loadProfileConfig, PROFILE_CONFIG, type ProfileConfig } from './config';
import { erasedAccounts, profilePlatformTables } from './db/schema';
import { NotificationsRepository } from './price-alerts/notifications.repository';
import { PriceAlertDigestsService } from './price-alerts/price-alert-digests.service';
import { PriceAlertsSchedule } from './price-alerts/price-alerts-schedule';
import { PRICE_ALERTS_CLOCK, PriceAlertsService } from './price-alerts/price-alerts.service';
import { SavedProductsRepository } from './price-alerts/saved-products.repository';
import { UnsubscribeTokens } from './price-alerts/unsubscribe-tokens';
import { PrivacyService } from './privacy/privacy.service';
import { ProfileConsumer } from './profile.consumer';
import { ProfileRpcController } from './profile.rpc.controller';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';
import { RecentSearchesRepository } from './recent-searches/recent-searches.repository';
import { RecentSearchesService } from './recent-searches/recent-searches.service';

/** The profile service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const PROFILE_MIGRATIONS: SchemaMigrations = { name: 'profile', migrationsFolder: migrationsFolder(__dirname, 'profile') };

/**
 * The profile service: each shopper's profile, recent searches and price alerts (saved products' targets,
 * notifications, the daily digest mail), and the owner's rights over them (export, erasure). Boots the same
 * way embedded (all-in-one) and distributed (own process).
 */
@Module({
  imports: [
    ScheduleModule.forRoot(),
    ServiceRuntimeModule.forService({ ...PROFILE_MIGRATIONS, tables: profilePlatformTables }),
  ],
  controllers: [ProfileRpcController, ProfileConsumer],
  providers: [
    { provide: PROFILE_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadProfileConfig(env) },
    {
      provide: MAILER,
      inject: [PROFILE_CONFIG, PLATFORM],
      useFactory: (config: ProfileConfig, platform: Platform) =>
        config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new FileMailer(join(platform.env.DATA_DIR === ':memory:' ? 'data' : platform.env.DATA_DIR, 'mail'), config.MAIL_FROM),
    },
    {
      provide: UnsubscribeTokens,
      inject: [PROFILE_CONFIG],
      // Outside production an unset key is made here: links then work until the process stops.
      useFactory: (config: ProfileConfig) => new UnsubscribeTokens(new SigningKeys(config.UNSUBSCRIBE_TOKEN_SECRET ?? randomSecret()), config.UNSUBSCRIBE_TOKEN_TTL_DAYS),
    },
    { provide: PRICE_ALERTS_CLOCK, useValue: { now: () => new Date() } },
    MailQueue,
    ProfilesRepository,
    ProfilesService,
    RecentSearchesRepository,
    RecentSearchesService,
    SavedProductsRepository,
    NotificationsRepository,
    PriceAlertsService,
    PriceAlertDigestsService,
    PriceAlertsSchedule,
    PrivacyService,
    { provide: ErasedAccounts, useValue: new ErasedAccounts(erasedAccounts) },
  ],
})
export class ProfileModule {}
