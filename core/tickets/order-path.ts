// Kept apart from the schemas: the home page's buttons need this without loading zod.

/** The site's order page for a service or plan key: `service:banners` → `/order/service/banners`. */
export function orderPath(serviceKey: string): string {
  const [kind = '', item = ''] = serviceKey.split(':');
  return `/order/${encodeURIComponent(kind)}/${encodeURIComponent(item)}`;
}
