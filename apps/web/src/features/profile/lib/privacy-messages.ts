import { ApiError } from '@closetly/api-client';
import { ACCOUNT_EXPORT_FILENAME, FRESH_SIGN_IN_MINUTES } from '@closetly/contracts';

/**
 * The Privacy section's copy (issue 14). The spec gives none of it: plain words, saying what happens.
 * ACCOUNT_DELETED_MESSAGE and the server's refusals come from @closetly/contracts and the gateway.
 */
export const PRIVACY_MESSAGES = {
  title: 'Privacy',
  downloadExplanation: 'You may download everything we hold about you: your account, profile, wardrobe, recent searches and feedback, in one JSON file.',
  download: 'Download my data',
  downloading: 'Preparing your download...',
  downloaded: `Your data has been saved as ${ACCOUNT_EXPORT_FILENAME}.`,
  downloadFailed: 'Failed to download your data. Please try again.',
  deleteExplanation:
    'Deleting your account removes your account, wardrobe, profile, searches and feedback from every Closetly service. This cannot be undone.',
  delete: 'Delete my account',

  confirmTitle: 'Delete your account?',
  confirmBody:
    'Your account, your wardrobe, your profile with its measurements and sizes, your recent searches and your feedback will be removed from every Closetly service. This cannot be undone.',
  confirmHint: 'If you would like a copy of your data, download it first.',
  cancel: 'Cancel',
  continue: 'Continue',

  passwordTitle: 'Confirm with your password',
  passwordBody: 'To make sure it is you, enter your current password.',
  passwordLabel: 'Current password',
  passwordHint: `Signed up with a third-party account and never set a password? Leave this empty: you need to have signed in within the last ${FRESH_SIGN_IN_MINUTES} minutes.`,
  deleteFinal: 'Delete my account',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete your account. Please try again.',
} as const;

/** A failed download: the server's own message when it asked us to wait (429), else a plain retry line. */
export function downloadFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.serverMessage ?? PRIVACY_MESSAGES.downloadFailed;
  return PRIVACY_MESSAGES.downloadFailed;
}

/**
 * A refused deletion: the server's message when it says why (403 a wrong password or a sign-in too old, 429
 * too many tries, 400 a bad body), else a plain retry line. A 401 never gets here to be shown: it signs out.
 */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 429].includes(error.status)) return error.serverMessage ?? PRIVACY_MESSAGES.deleteFailed;
  return PRIVACY_MESSAGES.deleteFailed;
}
