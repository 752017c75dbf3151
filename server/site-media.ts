// Images the dashboard uploads for the public site (team avatars and banners, portfolio
// project images): stored by content hash like applicants' images, in their own store
// (`app.images.site`, db/image-stores.ts). Public, so served at /media/site/<hash>.

export const SITE_MEDIA_PREFIX = '/media/site/';

export const siteMediaUrl = (hash: string) => `${SITE_MEDIA_PREFIX}${hash}`;
