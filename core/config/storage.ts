import { z } from 'zod';
import { optionalText } from './fields';

// Object storage (docs/decisions/048-object-storage.md): uploaded images go to an
// S3-compatible bucket when S3_BUCKET is set, to files under DATA_DIR otherwise. The variables
// it adds, the rules across them, and `withStorageConfig`, which groups them as `config.bucket`.

export const storageVariables = {
  // Unset: AWS S3 itself. MinIO, Garage, R2, …: their https:// (or http://) address.
  S3_ENDPOINT: z
    .url({ error: 'must be the bucket service’s URL, e.g. http://minio:9000' })
    .optional(),
  S3_BUCKET: optionalText.refine(
    (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
    { message: 'must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens' },
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // MinIO and most self-hosted services want http://endpoint/bucket/key, not bucket.endpoint.
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
};

type StorageVariable = keyof typeof storageVariables;
type StorageEnv = z.output<z.ZodObject<typeof storageVariables>>;

/** Where the bucket is and how to sign in to it; absent when images are files under DATA_DIR. */
export type BucketConfig = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Moves the parsed storage variables into `bucket` (undefined without S3_BUCKET). */
export function withStorageConfig<T extends StorageEnv>(
  parsed: T,
): { [K in Exclude<keyof T, StorageVariable>]: T[K] } & { bucket?: BucketConfig } {
  const rest: Record<string, unknown> = { ...parsed };
  for (const name of Object.keys(storageVariables)) delete rest[name];
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed;
  // storageCrossErrors refuses a bucket without both keys, so this only skips the typing gap.
  const bucket =
    S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
      ? {
          endpoint: parsed.S3_ENDPOINT,
          bucket: S3_BUCKET,
          region: parsed.S3_REGION,
          accessKeyId: S3_ACCESS_KEY_ID,
          secretAccessKey: S3_SECRET_ACCESS_KEY,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
        }
      : undefined;
  return {
    ...(rest as { [K in Exclude<keyof T, StorageVariable>]: T[K] }),
    ...(bucket && { bucket }),
  };
}

/**
 * Half a bucket configuration is refused at start-up: images silently landing on one
 * machine's disk while the operator believes them in the bucket is the failure to prevent.
 */
export function storageCrossErrors(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  // The ones that say "use a bucket"; S3_REGION and S3_FORCE_PATH_STYLE alone say nothing (a
  // copied .env.example sets S3_FORCE_PATH_STYLE=false).
  const named = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    set,
  );
  if (named.length === 0) return [];
  const errors: string[] = [];
  if (!set('S3_BUCKET')) {
    errors.push(
      `S3_BUCKET: is required when ${named.join(', ')} ${named.length > 1 ? 'are' : 'is'} set: name the bucket for uploaded images (or unset the S3_ variables to keep them under DATA_DIR)`,
    );
  }
  for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
    if (!set(key)) {
      errors.push(
        `${key}: the bucket needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (an access key allowed to read, write, list and delete in S3_BUCKET)`,
      );
    }
  }
  return errors;
}
