export * from './config';
export * from './gateway.module';
export * from './http/gateway-http';
