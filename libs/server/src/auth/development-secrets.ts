/**
 * Keys used only outside production (config refuses them there), so a dev box
 * keeps sessions and beta tokens across restarts. Identity signs access tokens
 * and the gateway verifies them, so both must fall back to the same value.
 */
export const DEVELOPMENT_JWT_SECRET = 'closetly-development-jwt-secret-not-for-production-use';
