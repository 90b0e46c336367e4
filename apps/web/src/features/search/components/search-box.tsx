import { MAX_SEARCH_QUERY_LENGTH } from '@closetly/contracts';
import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { paths, searchPath } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchSuggestions, type Suggestion } from '../api/get-search-suggestions';
import { useSaveSearch } from '../api/save-search';

/** Spec §9: suggestions appear after a 300 ms pause in typing. */
export const SUGGESTION_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** Lets the header focus the field when the mobile search toggle opens it. */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * The header's search box (spec §2): submits to /search?q={term}; while typing, the first 5 product
 * names for the text so far, each leading to its product page. It starts from the terms of the results
 * page being shown, and starts afresh when they change.
 */
export function SearchBox(props: SearchBoxProps) {
  const [searchParams] = useSearchParams();
  const currentTerm = searchParams.get('q') ?? '';
  return <SearchCombobox key={currentTerm} initialTerm={currentTerm} {...props} />;
}

interface SearchComboboxProps extends SearchBoxProps {
  initialTerm: string;
}

/**
 * The ARIA combobox pattern (list autocomplete): focus stays in the field, which names the listbox
 * (aria-controls), says whether it is shown (aria-expanded) and which option is active
 * (aria-activedescendant). Down and Up move through the options (wrapping, and opening the list when
 * it was closed), Enter opens the active suggestion or else searches, Escape closes the list.
 */
function SearchCombobox({ initialTerm, inputRef, className }: SearchComboboxProps) {
  const inputId = useId();
  const listboxId = useId();
  const navigate = useNavigate();
  const signedIn = useAuth().status === 'signedIn';
  const saveSearch = useSaveSearch();

  const [term, setTerm] = useState(initialTerm);
  /** Suggestions are asked for once the user types (not for the terms the box starts with). */
  const [typed, setTyped] = useState(false);
  /** The list may show: typing opens it; Escape, leaving the field, a search or a chosen suggestion close it. */
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const prefix = useDebouncedValue(typed ? term.trim() : '', SUGGESTION_DEBOUNCE_MS);
  const suggestions = useSearchSuggestions(prefix);
  const shown = open && term.trim() !== '' ? suggestions : [];
  const expanded = shown.length > 0;
  const activeIndex = shown.findIndex((suggestion) => suggestion.id === activeId);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const openSuggestion = (suggestion: Suggestion) => {
    close();
    void navigate(paths.product(suggestion.id));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitted = term.trim();
    if (!submitted) return;
    close();
    // Spec §2/issue 10: a signed-in search is remembered (once per submitted term).
    if (signedIn) saveSearch.mutate(submitted);
    void navigate(searchPath(submitted));
  };

  /** Down/Up: the next or previous option, wrapping; on a closed list, opens it (asking for suggestions if need be) at the first or last. */
  const move = (step: 1 | -1) => {
    const list = term.trim() !== '' ? suggestions : [];
    const from = open ? activeIndex : -1;
    setTyped(true);
    setOpen(true);
    if (list.length === 0) return;
    const next = from === -1 ? (step === 1 ? 0 : list.length - 1) : (from + step + list.length) % list.length;
    setActiveId(list[next]?.id ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const active = shown[activeIndex];
        if (expanded && active) {
          event.preventDefault();
          openSuggestion(active);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          // Closes the list only; a second Escape reaches the header (which closes the mobile search).
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  };

  return (
    <form role="search" className={className ? `search-box ${className}` : 'search-box'} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-box__input"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        placeholder="Search items, brands…"
        value={term}
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setTerm(event.target.value);
          setTyped(true);
          setOpen(true);
          setActiveId(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <button className="search-box__submit" type="submit" aria-label="Search">
        <SearchIcon />
      </button>
      {/* Pressing an option must not blur the field first (which would close the list before the click lands). */}
      <ul id={listboxId} role="listbox" aria-label="Suggestions" className="search-box__listbox" hidden={!expanded} onMouseDown={(event) => event.preventDefault()}>
        {shown.map((suggestion, index) => (
          <li key={suggestion.id} role="presentation">
            <Link
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              className="search-box__option"
              to={paths.product(suggestion.id)}
              onClick={close}
            >
              {suggestion.name}
            </Link>
          </li>
        ))}
      </ul>
    </form>
  );
}
