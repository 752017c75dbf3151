import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

// A detail page's way back to its list: the list as it was left (filters, sort and page, which
// live in its URL), not the bare list. The table's row links carry that URL in their state.

type FromList = { list?: string };

/** The state a row link carries: the list's own address. */
export function fromList(pathname: string, search: string): FromList {
  return { list: pathname + search };
}

export function BackToList({
  to,
  className,
  children,
}: {
  /** The bare list, for a detail opened some other way (a shared link, a reload). */
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const list = (useLocation().state as FromList | null)?.list;
  const back = list && (list === to || list.startsWith(`${to}?`)) ? list : to;
  return (
    <Link to={back} className={className}>
      {children}
    </Link>
  );
}
