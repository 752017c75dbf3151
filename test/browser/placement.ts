import type { Locator } from 'playwright-core';
import { PHONE } from './support';

// For the phone tests: whether a finger can reach an element.

/**
 * Where the element is on the screen, and whether a finger on its centre lands on it (not on
 * a banner or an overlay above it). `screen` is the PHONE's unless the test resized it.
 */
export function placement(
  locator: Locator,
  screen: { width: number; height: number } = PHONE.viewport,
) {
  return locator.evaluate((element, { width, height }) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      onScreen:
        box.width > 0 &&
        box.left >= 0 &&
        box.top >= 0 &&
        box.right <= width &&
        box.bottom <= height,
      onTop: hit !== null && element.contains(hit),
    };
  }, screen);
}

/** What placement() answers for an element a finger reaches. */
export const REACHABLE = { onScreen: true, onTop: true };
