import { useEffect, useRef } from 'react';
import type { SiteContent, SiteContentKey } from '../../../../core/site/site-content';
import { SITE_CONTENT_SCHEMAS } from '../../../../core/site/site-content-schema';
import { useCheckedSave } from '../forms/checked-save';
import { useStaffMutation, useStaffQuery } from '../query';
import { refusal } from './content-field';

// One of the site's editable blocks (hero, services, pricing, stats, promos, settings) as its
// form holds it: the stored value (GET /api/staff/content/site/:key), a save checked with the
// block's core schema in the browser before it is sent (the server checks it again with the
// same schema), and a reset to the default. Every write names the version the form started
// from: a save over someone else's newer one is refused (409) and the form keeps what was
// typed, offering to load theirs or save over it. Every write refreshes the content answers
// and the go-live checklist.

const siteBlockEndpoint = (key: SiteContentKey) => `/api/staff/content/site/${key}`;
const CONTENT_WRITES_INVALIDATE = ['/api/staff/content', '/api/staff/go-live'] as const;

type SiteBlockAnswer<K extends SiteContentKey> = {
  value: SiteContent[K];
  stored: boolean;
  version: string | null;
};
type Versioned<T> = { body?: T; version: string | null };

const withVersion = (url: string, version: string | null) => `${url}?version=${version ?? 'none'}`;

export function useSiteBlock<K extends SiteContentKey>(key: K) {
  const endpoint = siteBlockEndpoint(key);
  const answer = useStaffQuery<SiteBlockAnswer<K>>(endpoint);
  // The version the form's words start from: the first answer's, then each write's. A later
  // answer (a refetch after someone else saved) does not move it: saving then is a conflict.
  // A ref: read when a write is sent, so "save mine over it" sends the version just adopted.
  const base = useRef<{ version: string | null } | null>(null);
  const loaded = answer.status === 'ready' ? answer.data.version : undefined;
  useEffect(() => {
    if (loaded !== undefined) base.current ??= { version: loaded };
  }, [loaded]);
  const setBase = (next: { version: string | null }) => {
    base.current = next;
  };
  const version = () => (base.current ? base.current.version : (loaded ?? null));
  const save = useStaffMutation<Versioned<unknown>, SiteBlockAnswer<K>>(
    (vars) => ({ method: 'PUT', url: withVersion(endpoint, vars.version), body: vars.body }),
    CONTENT_WRITES_INVALIDATE,
  );
  const reset = useStaffMutation<Versioned<never>, SiteBlockAnswer<K>>(
    (vars) => ({ method: 'DELETE', url: withVersion(endpoint, vars.version) }),
    CONTENT_WRITES_INVALIDATE,
  );
  const checked = useCheckedSave(SITE_CONTENT_SCHEMAS[key], save, (value) => ({
    body: value,
    version: version(),
  }));
  const conflict = save.error?.status === 409 || reset.error?.status === 409;
  return {
    answer,
    save,
    reset,
    problems: reset.error ? refusal(reset.error) : checked.problems,
    /** The last write was refused: someone else saved since the form's version. */
    conflict,
    /** Checks and sends the block; `onSaved` gets what the server stored. */
    submit(value: unknown, onSaved: (stored: SiteContent[K]) => void) {
      reset.reset();
      checked.submit(value, (stored) => {
        setBase({ version: stored.version });
        onSaved(stored.value);
      });
    },
    /** Back to the default; resolves with the default the site now shows. */
    async resetToDefault(): Promise<SiteContent[K]> {
      save.reset();
      const stored = await reset.mutateAsync({ version: version() });
      setBase({ version: stored.version });
      return stored.value;
    },
    /** After a conflict: the form goes on from the version stored now (theirs). */
    adoptStored(): SiteContent[K] | null {
      if (answer.status !== 'ready') return null;
      setBase({ version: answer.data.version });
      save.reset();
      reset.reset();
      return answer.data.value;
    },
    /** After a conflict: the next save goes over the version stored now. */
    overrideStored() {
      if (answer.status === 'ready') setBase({ version: answer.data.version });
    },
    clearProblems() {
      checked.clear();
      reset.reset();
    },
  };
}
