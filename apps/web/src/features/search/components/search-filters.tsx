import * as Accordion from '@radix-ui/react-accordion';
import { useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { FilterOption, FilterOptions } from '../lib/filter-options';
import type { FilterGroup, FilterValue } from '../lib/search-url';

export type ToggleFilter = <G extends FilterGroup>(group: G, value: FilterValue<G>) => void;

const GROUP_TITLES: Record<FilterGroup, string> = { sale: 'Sale', price: 'Price', gender: 'Gender', brand: 'Brand', colour: 'Colour' };
const ALL_GROUPS_OPEN: FilterGroup[] = ['sale', 'price', 'gender', 'brand', 'colour'];

interface FilterGroupSectionProps<G extends FilterGroup> {
  group: G;
  options: readonly FilterOption<G>[];
  onToggle: ToggleFilter;
}

/** One collapsible group (Radix Accordion: a heading button with aria-expanded controlling its region) of checkboxes with counts. */
function FilterGroupSection<G extends FilterGroup>({ group, options, onToggle }: FilterGroupSectionProps<G>) {
  return (
    <Accordion.Item value={group} className="search-filters__group">
      <Accordion.Header asChild>
        <h3 className="search-filters__heading">
          <Accordion.Trigger className="search-filters__trigger">
            <span>{GROUP_TITLES[group]}</span>
            <ChevronDownIcon className="search-filters__chevron" />
          </Accordion.Trigger>
        </h3>
      </Accordion.Header>
      <Accordion.Content className="search-filters__content">
        {options.length === 0 ? (
          <p className="search-filters__none">None in these results</p>
        ) : (
          <ul className="search-filters__options" data-group={group}>
            {options.map((option) => (
              <li key={option.value}>
                <label className="search-filters__option">
                  <input type="checkbox" className="search-filters__checkbox" checked={option.checked} onChange={() => onToggle(group, option.value)} />
                  {/* Decorative: the label names the colour, so the swatch is hidden from assistive technology. */}
                  {group === 'colour' ? <span className="colour-swatch" data-colour={option.value} aria-hidden="true" /> : null}
                  <span className="search-filters__label">{option.label}</span>
                  {option.count === null ? null : <span className="search-filters__count">({option.count})</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </Accordion.Content>
    </Accordion.Item>
  );
}

export interface SearchFilterGroupsProps {
  options: FilterOptions;
  onToggle: ToggleFilter;
}

/** Spec §2: the groups Price, Gender and Brand (and Colour, issue 20; Sale with On sale, issue 25), each collapsible with checkboxes (all open at first). */
export function SearchFilterGroups({ options, onToggle }: SearchFilterGroupsProps) {
  return (
    <Accordion.Root type="multiple" defaultValue={ALL_GROUPS_OPEN} className="search-filters__groups">
      <FilterGroupSection group="sale" options={options.sale} onToggle={onToggle} />
      <FilterGroupSection group="price" options={options.price} onToggle={onToggle} />
      <FilterGroupSection group="gender" options={options.gender} onToggle={onToggle} />
      <FilterGroupSection group="brand" options={options.brand} onToggle={onToggle} />
      <FilterGroupSection group="colour" options={options.colour} onToggle={onToggle} />
    </Accordion.Root>
  );
}

export interface SearchFiltersPanelProps extends SearchFilterGroupsProps {
  id: string;
  canClear: boolean;
  onClear: () => void;
}

/** The filter panel beside the results (wider screens); each tick applies at once. */
export function SearchFiltersPanel({ id, options, onToggle, canClear, onClear }: SearchFiltersPanelProps) {
  const titleId = useId();
  return (
    <section id={id} className="search-filters" aria-labelledby={titleId}>
      <div className="search-filters__top">
        <h2 id={titleId} className="search-filters__title">
          Filters
        </h2>
        <button type="button" className="link-button" disabled={!canClear} onClick={onClear}>
          Clear filters
        </button>
      </div>
      <SearchFilterGroups options={options} onToggle={onToggle} />
    </section>
  );
}
