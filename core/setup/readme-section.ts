// The go-live checklist's README references open the section itself, from the README bundled
// with the dashboard at build time: true for the version running, and readable without a
// connection to wherever the project is hosted.

/** The text of the README's `## heading` section, up to the next `## `; null if none. */
export function readmeSection(readme: string, heading: string): string | null {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return null;
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines
    .slice(start + 1, next === -1 ? undefined : next)
    .join('\n')
    .trim();
}
