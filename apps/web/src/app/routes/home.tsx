import type { ProductView } from '@closetly/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';
import { HomeRows } from '@/features/home/components/home-rows';
import { LazyQuickView } from '@/features/quick-view/components/lazy-quick-view';

export function HomeRoute() {
  const [quickView, setQuickView] = useState<ProductView | null>(null);
  return (
    <>
      <title>{`${siteConfig.name} · ${siteConfig.tagline}`}</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner container">
          <h1 id="hero-title" className="hero__title">
            {siteConfig.tagline}
          </h1>
          <div className="hero__body">
            <p className="hero__lead">
              Clothing and accessories from many retailers in one place.
              <span className="hero__lead-more"> Find what you love, keep it in your wardrobe, and buy it straight from the retailer.</span>
            </p>
            <div className="hero__actions">
              <Link className="button button--light" to={paths.women}>
                Shop Women
              </Link>
              <Link className="button button--outline-light" to={paths.men}>
                Shop Men
              </Link>
              <Link className="button button--outline-light" to={paths.accessories}>
                Shop Accessories
              </Link>
            </div>
          </div>
        </div>
      </section>
      <div className="page container home-rows">
        <HomeRows onOpen={setQuickView} />
      </div>
      <LazyQuickView product={quickView} onClose={() => setQuickView(null)} />
    </>
  );
}
