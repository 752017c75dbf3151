import { useId } from 'react';
import { LIST_PAGE_SIZES, pageCount } from '../../../../core/shared/list-page';
import { buttonClass } from '../../components/ui/button';
import { formatNumber } from '../display/format';

// The table's footer: rows per page, where this page stands, and a way to every page.

export function TablePagination({
  caption,
  page,
  size,
  total,
  estimate = false,
  rowsOnPage,
  onPage,
  onSize,
}: {
  caption: string;
  page: number;
  size: number;
  /** Unknown until the first answer. */
  total: number | undefined;
  /** `total` is an estimate (core/shared/list-page.ts): "about", and the end is found by paging. */
  estimate?: boolean;
  /** Rows on the page shown; a short page is the last one. */
  rowsOnPage?: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const sizeId = useId();
  const counted = total === undefined ? page : pageCount(total, size);
  // An estimate may fall short of the real end: Next stays until a page comes back short.
  const atEnd = estimate ? rowsOnPage !== undefined && rowsOnPage < size : page >= counted;
  const last = Math.max(counted, page);
  const about = estimate ? 'about ' : '';
  const step = (label: string, to: number, disabled: boolean, glyph: string) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => onPage(to)}
      className={`${buttonClass('secondary', 'sm')} min-w-9`}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <nav
      aria-label={`${caption} pages`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <label htmlFor={sizeId} className="flex items-center gap-2 text-muted">
        Rows per page
        <select
          id={sizeId}
          value={size}
          onChange={(event) => onSize(Number(event.target.value))}
          className="rounded-md border border-line bg-ink px-2 py-1 text-white"
        >
          {LIST_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <span aria-live="polite" className="whitespace-nowrap text-muted">
          Page {formatNumber(page)} of {about}
          {formatNumber(last)}
          {total !== undefined && ` · ${about}${formatNumber(total)} in all`}
        </span>
        {step('First page', 1, page <= 1, '«')}
        {step('Previous page', page - 1, page <= 1, '‹')}
        {step('Next page', page + 1, atEnd, '›')}
        {step('Last page', last, atEnd || page >= last, '»')}
      </div>
    </nav>
  );
}
