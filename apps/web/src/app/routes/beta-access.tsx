import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { BetaAccessScreen } from '@/features/beta/components/beta-access-screen';

/** /beta-access is always reachable; a verified code leads to the home page. */
export function BetaAccessRoute() {
  const navigate = useNavigate();
  return <BetaAccessScreen onVerified={() => void navigate(paths.home, { replace: true })} />;
}
