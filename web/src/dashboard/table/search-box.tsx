import { type Ref, useEffect, useRef, useState } from 'react';

// The toolbar's search: filters as you type, once typing pauses (each search is a request),
// and follows the URL when it changes elsewhere (Reset, the back button).

const DEBOUNCE_MS = 250;

export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  describedBy,
  inputRef,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  /** The id of what the list searches, in words, when the placeholder is too short to say it. */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      search.current(q);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <search className="min-w-0 flex-1 sm:max-w-xs">
      <input
        ref={inputRef}
        type="search"
        aria-label={label}
        aria-keyshortcuts="/"
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-md border border-line bg-ink px-3 py-1.5 text-sm"
      />
    </search>
  );
}
