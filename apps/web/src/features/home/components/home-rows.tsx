import { matchesGenderFilter } from '@closetly/catalogue-rules';
import type { ProductView } from '@closetly/contracts';
import { Link } from 'react-router';
import { ProductRow } from '@/components/ui/product-row';
import { paths, searchPath } from '@/config/paths';
import { newArrivalsQueryOptions } from '../api/get-new-arrivals';
import { homePopularQueryOptions } from '../api/get-popular-items';
import { recommendedQueryOptions } from '../api/get-recommended-items';
import { searchRowQueryOptions } from '../api/get-search-row';
import { useHomePlan } from '../hooks/use-home-plan';
import { listGenderFor, searchGendersFor } from '../lib/home-plan';
import { InstallExtensionCta, PersonalizeCta } from './home-ctas';
import { QueryRow } from './query-row';

export interface HomeRowsProps {
  /** An item was clicked: the page opens the quick view. */
  onOpen: (product: ProductView) => void;
}

const POPULAR_TITLE = 'Popular Items';

/** The home page's rows after the banner, in the spec's order with its conditions (§2 Home); rows with no items are left out. */
export function HomeRows({ onOpen }: HomeRowsProps) {
  const { plan, uid, wardrobe } = useHomePlan();
  const inGender = (product: ProductView) => matchesGenderFilter(product.gender, plan.profileGender);
  // The top row's first image is the page's largest paint on a phone: it is fetched first (no row with
  // images comes before these three; the calls to action have none).
  const first = plan.wardrobeRow ? 'wardrobe' : plan.recommended && uid ? 'recommended' : 'popular';
  return (
    <div className="browse-sections">
      {plan.wardrobeRow ? (
        <ProductRow title="From Your Wardrobe" products={wardrobe.items} onOpen={onOpen} priority={first === 'wardrobe'} actions={<Link to={paths.myWardrobe}>View all</Link>} />
      ) : null}
      {plan.installCta ? <InstallExtensionCta /> : null}
      {plan.personalizeCta ? <PersonalizeCta /> : null}
      {plan.recommended && uid ? <QueryRow title="Recommended for You" query={recommendedQueryOptions(uid)} onOpen={onOpen} priority={first === 'recommended'} /> : null}
      {plan.genderKnown ? (
        <QueryRow title={POPULAR_TITLE} query={homePopularQueryOptions(listGenderFor(plan.profileGender))} filter={inGender} onOpen={onOpen} priority={first === 'popular'} />
      ) : (
        <ProductRow title={POPULAR_TITLE} products={undefined} onOpen={onOpen} />
      )}
      {plan.searchTerms.map((term) => (
        <QueryRow
          key={`search:${term}`}
          title={`Based on Your Search for: ${term}`}
          query={searchRowQueryOptions(term, searchGendersFor(plan.profileGender))}
          filter={inGender}
          onOpen={onOpen}
          actions={<Link to={searchPath(term)}>View all</Link>}
        />
      ))}
      {plan.brands.map((brand) => (
        <QueryRow key={`brand:${brand}`} title={`New from ${brand}`} query={newArrivalsQueryOptions(brand)} onOpen={onOpen} />
      ))}
    </div>
  );
}
