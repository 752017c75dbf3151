import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes whether it may by
// trying: under the site's CSP (script-src 'self', no 'unsafe-eval') that probe is reported as
// a violation (a console error, and a Lighthouse best-practices failure) on every page with a
// form. The interpreted parser is fast enough for forms. Imported first by entry-client.tsx,
// so it runs before any module parses anything.
config({ jitless: true });
