import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, XIcon, type IconProps } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { siteConfig, type SocialLink } from '@/config/site';

const SOCIAL_ICONS: Record<SocialLink['icon'], ComponentType<IconProps>> = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  x: XIcon,
};

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <Link to={paths.home} className="brand brand--footer">
            {siteConfig.name}
          </Link>
          <p className="site-footer__tagline">{siteConfig.tagline}</p>
        </div>

        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to={paths.about}>About Us</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.faq}>FAQs</Link>
            </li>
          </ul>
        </nav>

        {/* Only the accounts configured at build time: none by default (src/config/site-settings.ts). */}
        {siteConfig.socialLinks.length > 0 ? (
          <ul className="social-links" aria-label="Social media">
            {siteConfig.socialLinks.map((link) => {
              const Icon = SOCIAL_ICONS[link.icon];
              return (
                <li key={link.icon}>
                  <a className="icon-button icon-button--footer" href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.label}>
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <div className="container">
        <p className="site-footer__copyright">{`© ${year} ${siteConfig.name}`}</p>
      </div>
    </footer>
  );
}
