import { API_ERROR_CODES } from '@closetly/contracts';
import { codeForStatus, isApiErrorCode, statusForCode } from './error-status';

describe('error status mapping', () => {
  it('maps every API error code to a status in the error ranges', () => {
    for (const code of API_ERROR_CODES) {
      const status = statusForCode(code);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('refuses a missing beta token with 403, never 401 (the web app signs users out on 401)', () => {
    expect(statusForCode('BETA_TOKEN_REQUIRED')).toBe(403);
    expect(statusForCode('BETA_TOKEN_INVALID')).toBe(403);
  });

  it('round-trips the statuses Fastify raises by itself', () => {
    expect(codeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeForStatus(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeForStatus(400)).toBe('VALIDATION_FAILED');
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(500)).toBe('INTERNAL');
  });

  it('knows which codes it can map', () => {
    expect(isApiErrorCode('NOT_FOUND')).toBe(true);
    expect(isApiErrorCode('SOMETHING_ELSE')).toBe(false);
  });
});
