import { useRef } from 'react';
import type { FacetCount } from '../../../../core/shared/list-page';

// The server names a facet's value (a designer's id → their name) only in the counts it
// sends, and leaves out a value no row has (core/shared/list-page.ts). So a chosen designer
// whose count a search brought to 0 would lose its name in the popover, the button and its
// chip, showing a bare Discord id. The table remembers each label it was given and puts it
// back beside the 0 the table shows for a chosen value.

/** Remembered labels: facet id → value → label. */
export type LabelMemory = Map<string, Map<string, string>>;

/**
 * `counts` with every label remembered (learning the new ones into `memory`), and each chosen
 * value the answer left out as a count of 0 under its remembered name.
 */
export function withRememberedLabels(
  counts: Record<string, FacetCount[]> | undefined,
  chosen: Record<string, string[]>,
  memory: LabelMemory,
): Record<string, FacetCount[]> | undefined {
  if (!counts) return counts;
  const named: Record<string, FacetCount[]> = {};
  for (const [facet, facetCounts] of Object.entries(counts)) {
    let labels = memory.get(facet);
    if (!labels) {
      labels = new Map();
      memory.set(facet, labels);
    }
    for (const { value, label } of facetCounts) if (label) labels.set(value, label);
    const counted = new Set(facetCounts.map((count) => count.value));
    const missing = (chosen[facet] ?? []).filter((value) => !counted.has(value));
    named[facet] = [
      ...facetCounts,
      ...missing.flatMap((value) => {
        const label = labels.get(value);
        return label ? [{ value, count: 0, label }] : [];
      }),
    ];
  }
  return named;
}

/**
 * withRememberedLabels over one table's answers, remembering for as long as it is shown. Run
 * on each render (a few values per facet); learning a label twice changes nothing.
 */
export function useRememberedLabels(
  counts: Record<string, FacetCount[]> | undefined,
  chosen: Record<string, string[]>,
): Record<string, FacetCount[]> | undefined {
  const memory = useRef<LabelMemory>(new Map());
  return withRememberedLabels(counts, chosen, memory.current);
}
