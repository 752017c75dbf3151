import { useEffect, useState } from 'react';
import { COOKIE_MAX_AGE_DAYS } from '../../../core/site/site';

const COOKIE_CONSENT_NAME = 'lunar_cookie_consent';

/**
 * Decided after mount: the prerendered HTML is the same for every visitor (cacheable, no
 * hydration mismatch), and a returning visitor never sees the banner nor downloads its code.
 * Returns whether to show it and the function that records acceptance.
 */
export function useCookieConsent(): [boolean, () => void] {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    setNeeded(!document.cookie.split('; ').some((c) => c.startsWith(`${COOKIE_CONSENT_NAME}=`)));
  }, []);
  function accept() {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
    document.cookie = `${COOKIE_CONSENT_NAME}=accepted; Max-Age=${COOKIE_MAX_AGE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
    setNeeded(false);
  }
  return [needed, accept];
}
