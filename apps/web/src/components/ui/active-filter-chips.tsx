import { useRef, type RefObject } from 'react';
import { CloseIcon } from './icons';

/** An active filter as a chip: "Brand Zara", or a lone checkbox's name alone ("On sale"). */
export interface FilterChip {
  /** Unique among the chips; what `onRemove` gets back. */
  key: string;
  /** The filter's name, shown lighter before its value; null for a filter that is its own name. */
  name: string | null;
  value: string;
}

export interface ActiveFilterChipsProps {
  chips: readonly FilterChip[];
  onRemove: (key: string) => void;
  onClearAll: () => void;
  /** Where focus goes once no chip is left (the filters' toggle), so it is never lost with the button pressed. */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/**
 * The active filters above the results (issue 26: once the filter sheet or panel is closed they are
 * otherwise invisible). Each chip is a button named "Remove filter: Brand Zara"; focus moves on to
 * the next chip, the one before, or the filters' toggle once none is left.
 */
export function ActiveFilterChips({ chips, onRemove, onClearAll, fallbackFocus }: ActiveFilterChipsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  if (chips.length === 0) return null;

  const focusAfter = (next: FilterChip | undefined) =>
    requestAnimationFrame(() => {
      const target = next ? listRef.current?.querySelector<HTMLElement>(`[data-chip="${CSS.escape(next.key)}"]`) : null;
      (target ?? fallbackFocus.current)?.focus();
    });
  const remove = (index: number) => {
    const chip = chips[index];
    if (!chip) return;
    onRemove(chip.key);
    focusAfter(chips[index + 1] ?? chips[index - 1]);
  };
  const clearAll = () => {
    onClearAll();
    focusAfter(undefined);
  };

  return (
    <div className="filter-chips" role="group" aria-label="Active filters">
      <ul ref={listRef} className="filter-chips__list">
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <button type="button" className="filter-chip" data-chip={chip.key} onClick={() => remove(index)}>
              <span className="visually-hidden">Remove filter: </span>
              {chip.name ? <span className="filter-chip__name">{chip.name} </span> : null}
              <span className="filter-chip__value">{chip.value}</span>
              <CloseIcon className="filter-chip__icon" width={14} height={14} />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <button type="button" className="link-button filter-chips__clear" onClick={clearAll}>
          Clear all
        </button>
      ) : null}
    </div>
  );
}
