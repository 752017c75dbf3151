import { useCallback } from 'react';
import type { PortfolioPart } from '../../../../core/portfolio/schema';
import { type PostResult, sendJson } from '../../data/post-json';
import { useInvalidateApi } from '../query';

// The staff API of portfolio editing (server/routes/staff/content-portfolios.ts).

export const PORTFOLIOS_ENDPOINT = '/api/staff/content/portfolios';

export const portfolioEndpoint = (username: string) =>
  `${PORTFOLIOS_ENDPOINT}/${encodeURIComponent(username)}`;

/** Saves one part of a portfolio whole; on success every portfolio reader refetches. */
export function useSavePortfolioPart(username: string) {
  const invalidate = useInvalidateApi();
  return useCallback(
    async (part: PortfolioPart, value: unknown): Promise<PostResult<unknown>> => {
      const result = await sendJson('PUT', `${portfolioEndpoint(username)}/${part}`, value);
      if (result.ok) await invalidate(PORTFOLIOS_ENDPOINT);
      return result;
    },
    [invalidate, username],
  );
}

/** Uploads a project image; answers its address, or the server's message. */
export async function uploadProjectImage(
  username: string,
  file: File,
): Promise<{ url: string } | { problem: string }> {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(`${portfolioEndpoint(username)}/images`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body,
  }).catch(() => null);
  if (!response) return { problem: 'The network failed; try again.' };
  const json = (await response.json().catch(() => null)) as {
    url?: string;
    message?: string;
  } | null;
  if (response.ok && json?.url) return { url: json.url };
  return { problem: json?.message ?? `Upload failed (error ${response.status}).` };
}

/** The field errors under `prefix` (e.g. "2." for the third project), without it. */
export function errorsUnder(fieldErrors: Record<string, string>, prefix: string) {
  return Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}
