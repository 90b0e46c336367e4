export { createApiClient, type ApiClient } from './client';
export { ApiError, InvalidResponseError } from './errors';
export {
  createTransport,
  type ApiClientOptions,
  type ApiRequest,
  type ApiTransport,
  type HttpMethod,
  type TokenGetter,
} from './transport';
export { verifyBeta } from './verify-beta';
