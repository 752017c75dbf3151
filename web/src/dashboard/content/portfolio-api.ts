import { PORTFOLIO_PART_SCHEMAS, type PortfolioPart } from '../../../../core/portfolio/schema';
import { useCheckedSave } from '../forms/checked-save';
import { useStaffMutation } from '../query';

// The staff API of portfolio editing (server/routes/staff/content-portfolios.ts).

export const PORTFOLIOS_ENDPOINT = '/api/staff/content/portfolios';
/** What a portfolio write changes: the portfolios, and the go-live checklist's count of them. */
export const PORTFOLIO_WRITES_INVALIDATE = [PORTFOLIOS_ENDPOINT, '/api/staff/go-live'] as const;

export const portfolioEndpoint = (username: string) =>
  `${PORTFOLIOS_ENDPOINT}/${encodeURIComponent(username)}`;

/**
 * Saves one part of a portfolio whole, checked first with the part's core schema (the one the
 * server checks it with); on success every portfolio reader refetches.
 */
export function useSavePortfolioPart(username: string, part: PortfolioPart) {
  const save = useStaffMutation<unknown>(
    (value) => ({ method: 'PUT', url: `${portfolioEndpoint(username)}/${part}`, body: value }),
    PORTFOLIO_WRITES_INVALIDATE,
  );
  return { save, ...useCheckedSave(PORTFOLIO_PART_SCHEMAS[part], save) };
}

/** Uploads a project image (multipart); answers its address. */
export function useUploadProjectImage(username: string) {
  return useStaffMutation<File, { url: string }>((file) => {
    const body = new FormData();
    body.append('image', file);
    return { method: 'POST', url: `${portfolioEndpoint(username)}/images`, body };
  }, []);
}
