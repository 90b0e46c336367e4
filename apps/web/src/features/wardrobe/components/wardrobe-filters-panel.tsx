import { PRICE_BANDS, PRODUCT_GENDERS, type PriceBand, type ProductGender } from '@closetly/catalogue-rules';
import { useId } from 'react';
import { hasWardrobeFilters, NO_FILTERS, type WardrobeFilters } from '../lib/wardrobe-filters';

export interface WardrobeFiltersPanelProps {
  id: string;
  filters: WardrobeFilters;
  brands: readonly string[];
  onChange: (filters: WardrobeFilters) => void;
}

export function WardrobeFiltersPanel({ id, filters, brands, onChange }: WardrobeFiltersPanelProps) {
  const genderId = useId();
  const priceId = useId();
  const brandId = useId();
  const saleHintId = useId();
  const active = hasWardrobeFilters(filters);
  return (
    <div id={id} className="wardrobe-filters" role="region" aria-label="Filters">
      <div className="form-field">
        <label className="field-label" htmlFor={genderId}>
          Gender
        </label>
        <select
          id={genderId}
          className="text-input select-input"
          value={filters.gender}
          onChange={(event) => onChange({ ...filters, gender: event.target.value as ProductGender | '' })}
        >
          <option value="">All</option>
          {PRODUCT_GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {gender}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label className="field-label" htmlFor={priceId}>
          Price
        </label>
        <select
          id={priceId}
          className="text-input select-input"
          value={filters.priceBand}
          onChange={(event) => onChange({ ...filters, priceBand: event.target.value as PriceBand | '' })}
        >
          <option value="">All prices</option>
          {PRICE_BANDS.map((band) => (
            <option key={band.id} value={band.id}>
              {band.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label className="field-label" htmlFor={brandId}>
          Brand
        </label>
        <select id={brandId} className="text-input select-input" value={filters.brand} onChange={(event) => onChange({ ...filters, brand: event.target.value })}>
          <option value="">All brands</option>
          {brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </div>
      <div className="wardrobe-filters__sale">
        <label>
          <input type="checkbox" checked={filters.sale} aria-describedby={saleHintId} onChange={(event) => onChange({ ...filters, sale: event.target.checked })} />
          <span>Sale</span>
        </label>
        <span id={saleHintId} className="wardrobe-filters__hint">
          Items whose price dropped in the last 7 days
        </span>
      </div>
      <button type="button" className="link-button wardrobe-filters__clear" disabled={!active} onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </button>
    </div>
  );
}
