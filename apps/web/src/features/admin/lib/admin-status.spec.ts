import { describe, expect, it } from '@jest/globals';
import { ApiError, InvalidResponseError, NetworkError } from '@closetly/api-client';
import { activeSavesText, atRiskFailureMessage, atRiskStatus, ungenderedFailureMessage } from './admin-status';

describe('at-risk status (spec §3)', () => {
  it.each([
    [-3, 'Pending Deletion', 'pending'],
    [0, 'Pending Deletion', 'pending'],
    [1, '1 day until deletion', 'urgent'],
    [6, '6 days until deletion', 'urgent'],
    [7, '7 days until deletion', 'warning'],
    [30, '30 days until deletion', 'warning'],
  ])('%i days: %s (%s)', (days, text, tone) => {
    expect(atRiskStatus(days)).toEqual({ text, tone });
  });

  it('counts active saves', () => {
    expect(activeSavesText([])).toBe('No active saves');
    expect(activeSavesText(['u1'])).toBe('1 user');
    expect(activeSavesText(['u1', 'u2', 'u3'])).toBe('3 users');
  });
});

describe('admin failure messages (spec §8)', () => {
  it('names the causes the spec names', () => {
    expect(atRiskFailureMessage(new ApiError(403, { error: { code: 'FORBIDDEN', message: 'x' } }))).toBe('Unauthorized access.');
    expect(atRiskFailureMessage(new ApiError(401, null))).toBe('Authentication token not available.');
    expect(atRiskFailureMessage(new InvalidResponseError(200, '<html>'))).toBe('Invalid response format received');
    expect(ungenderedFailureMessage(new InvalidResponseError(200, '<html>'))).toBe('Invalid response format received');
  });

  it('says which call failed, with its message, otherwise', () => {
    expect(atRiskFailureMessage(new ApiError(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'retention is unavailable' } }))).toBe('Failed to fetch at-risk items: retention is unavailable.');
    expect(atRiskFailureMessage(new NetworkError('Failed to fetch'))).toMatch(/^Failed to fetch at-risk items: .+\.$/);
    expect(ungenderedFailureMessage(new ApiError(500, null))).toBe('Failed to fetch ungendered products.');
  });
});
