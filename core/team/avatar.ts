import { hashString } from './seeded-random';

// Generated art instead of image files: the site works offline and with no assets to ship.
// The server serves these at /avatars/<discordUsername>.svg and /banners/<n>.svg.

const PALETTE = [
  '#7c3aed',
  '#6d28d9',
  '#8b5cf6',
  '#4f46e5',
  '#2563eb',
  '#0891b2',
  '#db2777',
  '#c026d3',
  '#9333ea',
  '#0f766e',
] as const;

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function pickColor(seed: string, offset = 0): string {
  return PALETTE[(hashString(seed) + offset) % PALETTE.length] ?? PALETTE[0];
}

/** Up to two initials, letters and digits only (so the glyphs are always safe and short). */
export function getInitials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const first = words[0] ?? '';
  const initials =
    words.length > 1 ? `${first[0] ?? ''}${words[words.length - 1]?.[0] ?? ''}` : first.slice(0, 2);
  return (initials || '?').toUpperCase();
}

export function renderAvatarSvg(name: string, seed: string): string {
  const color = pickColor(seed);
  const initials = escapeXml(getInitials(name));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">',
    `<title>${escapeXml(name)}</title>`,
    `<circle cx="64" cy="64" r="64" fill="${color}"/>`,
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
}

export function renderBannerSvg(seed: string): string {
  const from = pickColor(seed);
  const to = pickColor(seed, 3);
  const angle = hashString(`${seed}:angle`) % 360;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200" preserveAspectRatio="xMidYMid slice">',
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`,
    '</linearGradient></defs>',
    '<rect width="600" height="200" fill="url(#g)"/>',
    '<circle cx="520" cy="40" r="90" fill="#ffffff" fill-opacity="0.08"/>',
    '<circle cx="80" cy="180" r="60" fill="#ffffff" fill-opacity="0.06"/>',
    '</svg>',
  ].join('');
}
