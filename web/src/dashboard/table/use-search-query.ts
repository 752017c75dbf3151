import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The URL's query string, read and replaced. react-router's useSearchParams would do, but it
 * pulls code into the vendor chunk every page loads (the home page's JS budget).
 */
export function useSearchQuery(): [URLSearchParams, (next: URLSearchParams) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams) => {
      const query = next.toString();
      navigate(query ? `${pathname}?${query}` : pathname);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}
