import { Link } from 'react-router';
import { HangerIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export interface WardrobeLinkProps {
  /** Spec §2: a red dot when the wardrobe has been loaded and is empty (set by the wardrobe issue). */
  showEmptyDot?: boolean;
}

/** The header's wardrobe icon; the header shows it to signed-in users only. */
export function WardrobeLink({ showEmptyDot = false }: WardrobeLinkProps) {
  return (
    <Link className="icon-button wardrobe-link" to={paths.myWardrobe} aria-label={showEmptyDot ? 'My Wardrobe (empty)' : 'My Wardrobe'}>
      <HangerIcon width={22} height={22} />
      {showEmptyDot ? <span className="wardrobe-link__dot" aria-hidden="true" /> : null}
    </Link>
  );
}
