import { z } from 'zod';

// Applications' image uploads (docs/decisions/048-object-storage.md): how long the image store
// may keep an applicant waiting, and how many uploads one process takes at once (what bounds
// the memory they use).

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number of ${what}` })
    .int({ error: `must be a whole number of ${what}` })
    .min(min, { error: `must be between ${min} and ${max} ${what}` })
    .max(max, { error: `must be between ${min} and ${max} ${what}` });

export const uploadVariables = {
  // Past this long after the applicant's last byte, an upload the store has not taken is
  // answered 503 "nothing was saved" and what it stored is removed.
  UPLOAD_DEADLINE_SECONDS: wholeNumber('seconds', 1, 300).default(20),
  // Uploads one process takes at once; the next is answered 503 with Retry-After, unread.
  MAX_CONCURRENT_UPLOADS: wholeNumber('uploads', 1, 100).default(4),
};
