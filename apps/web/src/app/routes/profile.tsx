import { Page } from '@/components/ui/page';
import { ProfileScreen } from '@/features/profile/components/profile-screen';

export function ProfileRoute() {
  return (
    <Page title="My Profile" lead="Your details help us recommend items in your size and style." className="profile-page">
      <ProfileScreen />
    </Page>
  );
}
