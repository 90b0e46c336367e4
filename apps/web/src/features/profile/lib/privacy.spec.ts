import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '@closetly/api-client';
import { DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE, DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE } from '@closetly/contracts';
import { DeleteAccountForm } from './delete-account-form';
import { deleteFailureMessage, downloadFailureMessage, PRIVACY_MESSAGES } from './privacy-messages';

const refusal = (status: number, code: string, message: string) => new ApiError(status, { error: { code, message } });

describe('the Privacy section', () => {
  describe('the password step', () => {
    it('sends the password typed, as it was typed', () => {
      expect(DeleteAccountForm.parse({ password: ' Passw0rd! ' })).toEqual({ password: ' Passw0rd! ' });
    });

    it('sends no password when the field is left empty (an account without one)', () => {
      expect(DeleteAccountForm.parse({ password: '' })).toEqual({});
    });

    it('refuses a password longer than any account has, with the server’s words', () => {
      const result = DeleteAccountForm.safeParse({ password: 'x'.repeat(129) });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE });
    });
  });

  describe('failure messages', () => {
    it('shows the server’s message for a refused deletion (wrong password, stale sign-in, too many tries)', () => {
      expect(deleteFailureMessage(refusal(403, 'REAUTHENTICATION_FAILED', DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE))).toBe(DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE);
      expect(deleteFailureMessage(refusal(403, 'REAUTHENTICATION_FAILED', DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE))).toBe(DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE);
      expect(deleteFailureMessage(refusal(429, 'RATE_LIMITED', 'Too many requests.'))).toBe('Too many requests.');
    });

    it('says plainly that a deletion failed otherwise', () => {
      expect(deleteFailureMessage(refusal(500, 'INTERNAL', 'Internal server error'))).toBe(PRIVACY_MESSAGES.deleteFailed);
      expect(deleteFailureMessage(new NetworkError(new Error('offline')))).toBe(PRIVACY_MESSAGES.deleteFailed);
    });

    it('shows the server’s message when a download was refused for coming too often, and a retry line otherwise', () => {
      expect(downloadFailureMessage(refusal(429, 'RATE_LIMITED', 'Please wait a minute before downloading again.'))).toBe('Please wait a minute before downloading again.');
      expect(downloadFailureMessage(refusal(500, 'INTERNAL', 'Internal server error'))).toBe(PRIVACY_MESSAGES.downloadFailed);
      expect(downloadFailureMessage(new NetworkError(new Error('offline')))).toBe(PRIVACY_MESSAGES.downloadFailed);
    });
  });
});
