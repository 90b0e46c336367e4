import { useId, type FormEvent, type Ref } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { searchPath } from '@/config/paths';

export interface SearchBoxProps {
  /** Lets the header focus the field when the mobile search toggle opens it. */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** Submits to /search?q={term}. Suggestions (300 ms debounce, 5 results) arrive with the search issue. */
export function SearchBox({ inputRef, className }: SearchBoxProps) {
  const inputId = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const currentTerm = searchParams.get('q') ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (term) void navigate(searchPath(term));
  };

  return (
    <form role="search" className={className ? `search-box ${className}` : 'search-box'} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        key={currentTerm}
        ref={inputRef}
        id={inputId}
        className="search-box__input"
        type="search"
        name="q"
        placeholder="Search items, brands…"
        defaultValue={currentTerm}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button className="search-box__submit" type="submit" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
