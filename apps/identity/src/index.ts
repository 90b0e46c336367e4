export * from './config';
export * from './identity.module';
export * from './email-confirmation/email-confirmation.service';
