// Apart from site-content.ts so the route table (in every page's bundle) names the API without
// carrying the default content with it.
export const SITE_CONTENT_URL = '/api/site-content';
