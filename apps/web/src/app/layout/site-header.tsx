import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useNotifications } from '@/features/price-watch/api/notifications';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SearchBox } from '@/features/search/components/search-box';
import { WardrobeLink } from '@/features/wardrobe/components/wardrobe-link';

const CATEGORY_LINKS = [
  { to: paths.women, label: 'Women' },
  { to: paths.men, label: 'Men' },
  { to: paths.accessories, label: 'Accessories' },
] as const;

const SEARCH_PANEL_ID = 'site-search';
const MENU_IDS = 'site-categories site-user-menu';

type Panel = 'search' | 'menu';

export interface SiteHeaderProps {
  /** Spec §2: the wardrobe icon's red dot (wardrobe loaded and empty); wired by the wardrobe issue. */
  wardrobeEmpty?: boolean;
}

/**
 * Keeps `--sticky-header-height` on the root element equal to the header's drawn height (one row on
 * wide screens, two between 640 and 1023 px, taller with a phone's panel open), so html's
 * scroll-padding-top keeps whatever the keyboard focuses below it (WCAG 2.4.11, base.css).
 */
function useStickyHeaderHeight(header: HTMLElement | null): void {
  useEffect(() => {
    if (!header) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--sticky-header-height', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--sticky-header-height');
    };
  }, [header]);
}

export function SiteHeader({ wardrobeEmpty = false }: SiteHeaderProps) {
  const location = useLocation();
  const authStatus = useAuth().status;
  const signedIn = authStatus === 'signedIn';
  // On phones the user menu sits behind the menu button, so its unread dot shows there too (issue 25).
  const unread = useNotifications().data?.unread ?? 0;
  // A panel is open only for the location it was opened on, so navigating closes it without an effect.
  const [openPanel, setOpenPanel] = useState<{ panel: Panel; locationKey: string } | null>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const [header, setHeader] = useState<HTMLElement | null>(null);
  useStickyHeaderHeight(header);

  const current = openPanel?.locationKey === location.key ? openPanel.panel : null;
  const searchOpen = current === 'search';
  const menuOpen = current === 'menu';

  const toggle = (panel: Panel) => {
    const opening = current !== panel;
    setOpenPanel(opening ? { panel, locationKey: location.key } : null);
    if (opening && panel === 'search') requestAnimationFrame(() => searchInputRef.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && current) setOpenPanel(null);
  };

  return (
    <header ref={setHeader} className="site-header" onKeyDown={onKeyDown}>
      <div className="site-header__bar container">
        <Link to={paths.home} className="brand">
          {siteConfig.name}
        </Link>

        <nav
          id="site-categories"
          className="site-header__nav"
          aria-label="Categories"
          data-open={menuOpen || undefined}
        >
          <ul className="category-links">
            {CATEGORY_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="category-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div id={SEARCH_PANEL_ID} className="site-header__search" data-open={searchOpen || undefined}>
          <SearchBox inputRef={searchInputRef} />
        </div>

        {signedIn ? (
          <div className="site-header__wardrobe">
            <WardrobeLink showEmptyDot={wardrobeEmpty} />
          </div>
        ) : authStatus === 'signedOut' && location.pathname !== paths.signIn ? (
          // Phones: one tap to sign in, rather than the menu and then Account (issue 26). Wider screens show the Account menu here.
          <Link to={paths.signIn} className="button button--ghost site-header__sign-in">
            Sign In
          </Link>
        ) : null}

        <div id="site-user-menu" className="site-header__user" data-open={menuOpen || undefined}>
          <UserMenu />
        </div>

        <div className="site-header__toggles">
          <button
            type="button"
            className="icon-button"
            aria-label={searchOpen ? 'Close search' : 'Open search'}
            aria-expanded={searchOpen}
            aria-controls={SEARCH_PANEL_ID}
            onClick={() => toggle('search')}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={menuOpen ? 'Close menu' : signedIn && unread > 0 ? `Open menu, ${unread === 1 ? '1 unread notification' : `${unread} unread notifications`}` : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={MENU_IDS}
            onClick={() => toggle('menu')}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            {!menuOpen && signedIn && unread > 0 ? <span className="notice-dot site-header__dot" aria-hidden="true" /> : null}
          </button>
        </div>
      </div>
    </header>
  );
}
