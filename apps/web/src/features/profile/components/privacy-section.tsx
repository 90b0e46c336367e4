import * as Accordion from '@radix-ui/react-accordion';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useExportAccount } from '../api/export-account';
import { downloadFailureMessage, PRIVACY_MESSAGES as M } from '../lib/privacy-messages';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileSection } from './profile-section';
import { BusyButton } from '@/components/ui/busy-button';

/**
 * Privacy (issue 14): the user's own data rights, after the profile and outside its form. Download my data
 * saves the export of everything held; Delete my account opens the deletion dialog. Shown whatever the
 * profile's own state: a profile that fails to load must not stand in the way of either.
 */
export function PrivacySection() {
  const download = useExportAccount();
  const { message, show } = useTimedMessage();
  const [deleting, setDeleting] = useState(false);

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () => show('success', M.downloaded),
      onError: (error) => show('error', downloadFailureMessage(error)),
    });

  return (
    <>
      <Accordion.Root type="multiple" defaultValue={['privacy']} className="profile-sections">
        <ProfileSection value="privacy" title={M.title}>
          <div className="privacy">
            <div className="privacy__action">
              <p className="privacy__text">{M.downloadExplanation}</p>
              <BusyButton type="button" className="button button--ghost privacy__button" onClick={onDownload} busy={download.isPending} busyText={M.downloading}>
                {M.download}
              </BusyButton>
            </div>
            <div className="privacy__messages" aria-live="polite">
              {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
            </div>
            <div className="privacy__action">
              <p className="privacy__text">{M.deleteExplanation}</p>
              <button type="button" className="button button--danger-outline privacy__button" onClick={() => setDeleting(true)}>
                {M.delete}
              </button>
            </div>
          </div>
        </ProfileSection>
      </Accordion.Root>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}
