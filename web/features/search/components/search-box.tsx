import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';

interface Hint {
  type: 'catalog' | 'ad';
  text: string;
  path: string | null;
}

const DEBOUNCE_MS = 200;

/**
 * The text search with suggestions as one types (debounced, cancelled when outdated), in the
 * ARIA combobox pattern: arrows move, Enter picks, Escape closes. Without JavaScript it is a plain
 * field of the surrounding GET form. `defaultValue` is the URL's `q`: the box shows it whenever the
 * search changes.
 */
export function SearchBox({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const { search } = useLocation();
  // What is typed belongs to the search it was typed in: a new search (submitted, the logo's clean
  // front page, a chip, back/forward) shows the URL's words again, as the results do.
  const [typedIn, setTypedIn] = useState<{ search: string; value: string } | null>(null);
  const typed = typedIn?.search === search ? typedIn.value : null;
  const value = typed ?? defaultValue;
  const setValue = (next: string) => setTypedIn({ search, value: next });
  const [hints, setHints] = useState<Hint[]>([]);
  // The suggestions belong to the search they were opened in: a new search (submitted, or
  // back/forward) leaves them closed without an extra render.
  const [openIn, setOpenIn] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const open = openIn === search;
  const setOpen = (value: boolean) => setOpenIn(value ? search : null);

  // Suggestions only for what the person typed, never for the words a URL brought.
  useEffect(() => {
    if (typed === null || typed.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .searchHint(typed, controller.signal)
        .then((reply) => {
          setHints(reply.data);
          setActive(-1);
          // Only while the person is still in the field: an answer that arrives late opens nothing.
          setOpenIn(reply.data.length > 0 && document.activeElement === input.current ? window.location.search : null);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  function choose(hint: Hint) {
    setOpen(false);
    if (hint.path) {
      void navigate(hint.path);
      return;
    }
    setValue(hint.text);
    void navigate(`/?q=${encodeURIComponent(hint.text)}`);
  }

  return (
    <div className="relative flex-1">
      <label htmlFor={`${listId}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
      <input
        ref={input}
        id={`${listId}-input`}
        name="q"
        type="search"
        value={value}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('search.placeholder')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${listId}-list`}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          if (event.target.value.trim().length < 2) setOpen(false);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => (i + 1) % hints.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => (i <= 0 ? hints.length - 1 : i - 1));
          } else if (event.key === 'Escape') {
            setOpen(false);
          } else if (event.key === 'Enter') {
            if (active >= 0) {
              event.preventDefault();
              choose(hints[active]!);
            } else {
              setOpen(false);
            }
          }
        }}
        className="h-12 w-full rounded-xl border border-line bg-raised pr-3 pl-10 text-base focus-ring focus:border-brand"
      />
      {open && (
        <ul
          id={`${listId}-list`}
          role="listbox"
          aria-label={t('search.hints')}
          className="absolute z-20 mt-1 w-full overflow-hidden rounded-xl border border-line bg-raised shadow-lg"
        >
          {hints.map((hint, i) => (
            <li
              key={`${hint.type}-${hint.text}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(hint);
              }}
              className={`flex cursor-pointer items-center justify-between gap-3 px-4 py-2.5 text-sm ${i === active ? 'bg-sunken' : ''}`}
            >
              <span className="truncate">{hint.text}</span>
              {hint.type === 'catalog' && <span className="shrink-0 text-xs text-muted">{t('search.hint_catalog')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
