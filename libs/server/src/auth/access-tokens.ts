/**
 * What identity (which signs access tokens) and the gateway (which verifies
 * them) must agree on, in one place. The keys themselves are configuration
 * (AUTH_JWT_SECRET, AUTH_JWT_PREVIOUS_SECRET) with no default anywhere.
 */
export const ACCESS_TOKEN_ISSUER = 'closetly-identity';
export const ACCESS_TOKEN_AUDIENCE = 'closetly-api';
