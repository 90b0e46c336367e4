import { PROFILE_MESSAGES } from '../lib/profile-messages';
import { BusyButton } from '@/components/ui/busy-button';

export interface UnsavedChangesBarProps {
  saving: boolean;
  /** The save failure message, shown until the next attempt. */
  error: string | null;
}

/**
 * The bottom bar of spec §2: You have unsaved changes, with Save Changes (Saving... while busy).
 * It sticks to the bottom of the window while the form is longer, and ends the form, so it never
 * covers the last fields.
 */
export function UnsavedChangesBar({ saving, error }: UnsavedChangesBarProps) {
  return (
    <div className="unsaved-bar">
      <div className="unsaved-bar__inner">
        <div className="unsaved-bar__text">
          <p className="unsaved-bar__message" role="status">
            {PROFILE_MESSAGES.unsaved}
          </p>
          {error ? (
            <p className="unsaved-bar__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <BusyButton className="button button--primary unsaved-bar__save" type="submit" busy={saving} busyText={PROFILE_MESSAGES.saving}>
          {PROFILE_MESSAGES.save}
        </BusyButton>
      </div>
    </div>
  );
}
