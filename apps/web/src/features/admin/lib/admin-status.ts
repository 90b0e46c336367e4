import { ApiError, InvalidResponseError } from '@closetly/api-client';

/** Spec §3 at-risk status: 0 days or less Pending Deletion (bold red), under 7 red, otherwise yellow. */
export type AtRiskTone = 'pending' | 'urgent' | 'warning';

export function atRiskStatus(daysUntilDeletion: number): { text: string; tone: AtRiskTone } {
  if (daysUntilDeletion <= 0) return { text: 'Pending Deletion', tone: 'pending' };
  const text = `${daysUntilDeletion} ${daysUntilDeletion === 1 ? 'day' : 'days'} until deletion`;
  return { text, tone: daysUntilDeletion < 7 ? 'urgent' : 'warning' };
}

/** Spec §3 Active Saves cell: No active saves when the list is empty, else N users. */
export function activeSavesText(savedByUsers: readonly string[]): string {
  if (savedByUsers.length === 0) return 'No active saves';
  return `${savedByUsers.length} ${savedByUsers.length === 1 ? 'user' : 'users'}`;
}

/** Last Activity (date and time), in the viewer's locale and time zone. */
export function formatLastActivity(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized access.';
export const NO_TOKEN_MESSAGE = 'Authentication token not available.';
export const INVALID_RESPONSE_MESSAGE = 'Invalid response format received';

/** Spec §8 admin messages for a failed at-risk call: the cause when it is one the spec names, else "Failed to fetch at-risk items: {message}." */
export function atRiskFailureMessage(error: unknown): string {
  return knownFailure(error) ?? `Failed to fetch at-risk items: ${error instanceof Error ? error.message : String(error)}.`;
}

/** Spec §8 admin messages for a failed ungendered-products call. */
export function ungenderedFailureMessage(error: unknown): string {
  return knownFailure(error) ?? 'Failed to fetch ungendered products.';
}

/** Contested Products is not in the spec: its failure text follows the spec's pattern. */
export function contestedFailureMessage(error: unknown): string {
  return knownFailure(error) ?? 'Failed to fetch contested products.';
}

/** The System panel (not in the spec) says its failure in the same pattern. */
export function systemFailureMessage(error: unknown): string {
  return knownFailure(error) ?? 'Failed to fetch the system status.';
}

function knownFailure(error: unknown): string | null {
  if (error instanceof InvalidResponseError) return INVALID_RESPONSE_MESSAGE;
  if (error instanceof ApiError && error.status === 401) return NO_TOKEN_MESSAGE;
  if (error instanceof ApiError && error.status === 403) return UNAUTHORIZED_MESSAGE;
  return null;
}
