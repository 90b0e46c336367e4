import { FormAlert } from '@/components/ui/form-alert';
import { useProfile } from '../api/get-profile';
import { PROFILE_MESSAGES } from '../lib/profile-messages';
import { PrivacySection } from './privacy-section';
import { ProfileForm } from './profile-form';
import { BusyButton } from '@/components/ui/busy-button';

/** /profile: the profile (loading, its load failure, or the form; spec §2, §9), then Privacy. */
export function ProfileScreen() {
  const { uid, query } = useProfile();
  if (uid === null) return null;
  return (
    <div className="profile-screen">
      <ProfileContent uid={uid} query={query} />
      <PrivacySection />
    </div>
  );
}

function ProfileContent({ uid, query }: { uid: string; query: ReturnType<typeof useProfile>['query'] }) {
  if (query.data) return <ProfileForm uid={uid} profile={query.data} />;
  if (query.isError) {
    return (
      <div className="profile-state">
        <FormAlert tone="error">
          {PROFILE_MESSAGES.loadFailed}
        </FormAlert>
        <BusyButton className="button button--ghost" type="button" busy={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </BusyButton>
      </div>
    );
  }
  return (
    <p className="loading-text profile-state" role="status">
      {PROFILE_MESSAGES.loading}
    </p>
  );
}
