import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { FileMailer, MAILER, MailQueue, PLATFORM, type Platform, PROCESS_ENV, type SchemaMigrations, ServiceRuntimeModule, SmtpMailer, migrationsFolder } from '@closetly/server';
import { AccountsRepository } from './accounts/accounts.repository';
import { AccountsService } from './accounts/accounts.service';
import { EmailProof } from './accounts/email-proof';
import { PasswordHasher } from './accounts/password-hasher';
import { BetaCodesService } from './beta-codes.service';
import { CLOCK, systemClock } from './clock';
import { IDENTITY_CONFIG, type IdentityConfig, loadIdentityConfig } from './config';
import { identityPlatformTables } from './db/schema';
import { EmailConfirmationRepository } from './email-confirmation/email-confirmation.repository';
import { EmailConfirmationService } from './email-confirmation/email-confirmation.service';
import { IdentityRpcController } from './identity.rpc.controller';
import { OidcRepository } from './oidc/oidc.repository';
import { OidcService } from './oidc/oidc.service';
import { PasswordResetRepository } from './password-reset/password-reset.repository';
import { PasswordResetService } from './password-reset/password-reset.service';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { SignInFailuresRepository } from './sign-in-throttle/sign-in-failures.repository';
import { SignInThrottle } from './sign-in-throttle/sign-in-throttle.service';

/** The identity service's schema and its migrations (the embedded product starts from a copy with all of them applied). */
export const IDENTITY_MIGRATIONS: SchemaMigrations = { name: 'identity', migrationsFolder: migrationsFolder(__dirname, 'identity') };

/** The identity service: beta codes, accounts, sessions and refresh tokens, password reset, roles, OpenID Connect sign-in. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({ ...IDENTITY_MIGRATIONS, tables: identityPlatformTables }),
  ],
  controllers: [IdentityRpcController],
  providers: [
    { provide: IDENTITY_CONFIG, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => loadIdentityConfig(env) },
    {
      provide: MAILER,
      inject: [IDENTITY_CONFIG, PLATFORM],
      useFactory: (config: IdentityConfig, platform: Platform) =>
        config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new FileMailer(join(platform.env.DATA_DIR === ':memory:' ? 'data' : platform.env.DATA_DIR, 'mail'), config.MAIL_FROM),
    },
    { provide: CLOCK, useValue: systemClock },
    BetaCodesService,
    PasswordHasher,
    AccountsRepository,
    AccountsService,
    EmailProof,
    EmailConfirmationRepository,
    EmailConfirmationService,
    SessionsRepository,
    SessionsService,
    SignInFailuresRepository,
    SignInThrottle,
    MailQueue,
    PasswordResetRepository,
    PasswordResetService,
    OidcRepository,
    OidcService,
  ],
})
export class IdentityModule {}
