import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ServiceRuntimeModule } from '@closetly/server';
import { BetaCodesService } from './beta-codes.service';
import { IDENTITY_CONFIG, loadIdentityConfig } from './config';
import { identityPlatformTables } from './db/schema';
import { IdentityRpcController } from './identity.rpc.controller';

/** The identity service: beta codes now; accounts, sessions and roles arrive with the accounts issue. */
@Module({
  imports: [
    ServiceRuntimeModule.forService({
      name: 'identity',
      migrationsFolder: join(__dirname, 'db', 'migrations'),
      tables: identityPlatformTables,
    }),
  ],
  controllers: [IdentityRpcController],
  providers: [{ provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() }, BetaCodesService],
})
export class IdentityModule {}
