import type { SiteContent, SiteContentKey } from '../../../../core/site/site-content';
import { SITE_CONTENT_SCHEMAS } from '../../../../core/site/site-content-schema';
import { useCheckedSave } from '../forms/checked-save';
import { useStaffMutation, useStaffQuery } from '../query';
import { refusal } from './content-field';

// One of the site's editable blocks (services, pricing, stats, promos, settings) as its form
// holds it: the stored value (GET /api/staff/content/site/:key), a save checked with the block's
// core schema in the browser before it is sent (the server checks it again with the same
// schema), and a reset to the default. Every write refreshes the content answers and the
// go-live checklist.

const siteBlockEndpoint = (key: SiteContentKey) => `/api/staff/content/site/${key}`;
const CONTENT_WRITES_INVALIDATE = ['/api/staff/content', '/api/staff/go-live'] as const;

type SiteBlockAnswer<K extends SiteContentKey> = { value: SiteContent[K]; stored: boolean };

export function useSiteBlock<K extends SiteContentKey>(key: K) {
  const endpoint = siteBlockEndpoint(key);
  const answer = useStaffQuery<SiteBlockAnswer<K>>(endpoint);
  const save = useStaffMutation<unknown, SiteBlockAnswer<K>>(
    (value) => ({ method: 'PUT', url: endpoint, body: value }),
    CONTENT_WRITES_INVALIDATE,
  );
  const reset = useStaffMutation<void, SiteBlockAnswer<K>>(
    () => ({ method: 'DELETE', url: endpoint }),
    CONTENT_WRITES_INVALIDATE,
  );
  const checked = useCheckedSave(SITE_CONTENT_SCHEMAS[key], save);
  return {
    answer,
    save,
    reset,
    problems: reset.error ? refusal(reset.error) : checked.problems,
    /** Checks and sends the block; `onSaved` gets what the server stored. */
    submit(value: unknown, onSaved: (stored: SiteContent[K]) => void) {
      reset.reset();
      checked.submit(value, (answer) => onSaved(answer.value));
    },
    clearProblems() {
      checked.clear();
      reset.reset();
    },
  };
}
