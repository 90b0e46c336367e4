import { useProfile } from '../api/get-profile';
import { PROFILE_MESSAGES } from '../lib/profile-messages';
import { ProfileForm } from './profile-form';

/** /profile: loading, the load failure, or the form with the loaded profile (spec §2, §9). */
export function ProfileScreen() {
  const { uid, query } = useProfile();
  if (uid === null) return null;
  if (query.data) return <ProfileForm uid={uid} profile={query.data} />;
  if (query.isError) {
    return (
      <div className="profile-state">
        <p className="form-alert form-alert--error" role="alert">
          {PROFILE_MESSAGES.loadFailed}
        </p>
        <button className="button button--ghost" type="button" disabled={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="loading-text profile-state" role="status">
      {PROFILE_MESSAGES.loading}
    </p>
  );
}
