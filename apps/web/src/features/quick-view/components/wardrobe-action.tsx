import { ApiError } from '@closetly/api-client';
import type { ProductView } from '@closetly/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useWardrobe } from '@/features/wardrobe/hooks/use-wardrobe';
import { useTimedMessage } from '@/lib/use-timed-message';
import { BusyButton } from '@/components/ui/busy-button';
import { toItemInput } from '../lib/to-item-input';

/** Spec §8 wardrobe messages. */
export const REMOVE_FAILED_MESSAGE = 'Failed to remove item from wardrobe. Please try again.';
export const OPERATION_FAILED_MESSAGE = 'Operation failed. Please try again.';
/** Said to screen readers (the spec shows the button's new label only). */
export const SAVED_ANNOUNCEMENT = 'Saved to your wardrobe.';
export const REMOVED_ANNOUNCEMENT = 'Removed from your wardrobe.';

export interface WardrobeActionProps {
  product: ProductView;
}

/** Signed in: Save to Wardrobe / Remove from Wardrobe (the in-wardrobe flag); signed out: Sign Up to Save. */
export function WardrobeAction({ product }: WardrobeActionProps) {
  const auth = useAuth();
  const wardrobe = useWardrobe();
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const { message, show } = useTimedMessage();
  const [done, setDone] = useState<string | null>(null);

  if (auth.status !== 'signedIn') {
    return (
      <Link className="button button--primary quick-view__action" to={paths.signUp}>
        Sign Up to Save
      </Link>
    );
  }

  const inWardrobe = wardrobe.has(product.id);

  const onClick = async () => {
    setBusy(inWardrobe ? 'remove' : 'save');
    setDone(null);
    try {
      if (inWardrobe) await wardrobe.remove(product.id);
      else await wardrobe.save(toItemInput(product));
      setDone(inWardrobe ? REMOVED_ANNOUNCEMENT : SAVED_ANNOUNCEMENT);
    } catch (error) {
      if (inWardrobe) show('error', REMOVE_FAILED_MESSAGE);
      else show('error', (error instanceof ApiError ? error.serverMessage : undefined) ?? OPERATION_FAILED_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <BusyButton
        type="button"
        className={inWardrobe ? 'button button--outline quick-view__action' : 'button button--primary quick-view__action'}
        busy={busy !== null}
        busyText={busy === 'save' ? 'Saving...' : 'Removing...'}
        disabled={!wardrobe.isLoaded}
        aria-pressed={inWardrobe}
        onClick={() => void onClick()}
      >
        {inWardrobe ? 'Remove from Wardrobe' : 'Save to Wardrobe'}
      </BusyButton>
      {/* Always present, so what it says is announced when it changes. */}
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {message ? (
        <p className={`form-alert form-alert--${message.tone} quick-view__message`} role="alert">
          {message.text}
        </p>
      ) : null}
    </>
  );
}
