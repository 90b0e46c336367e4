export * from './config';
export * from './gateway.module';
export * from './http/gateway-http';
export { storedImageAddress } from './images/stored-image-address';
