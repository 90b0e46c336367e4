/**
 * What identity (which signs access tokens) and the gateway (which verifies
 * them) must agree on, in one place.
 */
export const ACCESS_TOKEN_ISSUER = 'closetly-identity';
export const ACCESS_TOKEN_AUDIENCE = 'closetly-api';

/**
 * Used only outside production (config refuses it there), so a dev box keeps
 * sessions across restarts; both sides fall back to this same value.
 */
export const DEVELOPMENT_JWT_SECRET = 'closetly-development-jwt-secret-not-for-production-use';
