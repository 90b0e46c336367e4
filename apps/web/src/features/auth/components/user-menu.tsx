import { Link } from 'react-router';
import { paths } from '@/config/paths';

export interface UserMenuProps {
  className?: string;
}

/** Signed out: Sign Up and Sign In. Signed in (Profile and Logout) arrives with the auth issue. */
export function UserMenu({ className }: UserMenuProps) {
  return (
    <div className={className ? `user-menu ${className}` : 'user-menu'}>
      <Link className="button button--primary" to={paths.signUp}>
        Sign Up
      </Link>
      <Link className="button button--ghost" to={paths.signIn}>
        Sign In
      </Link>
    </div>
  );
}
