import type { S3Client } from '@aws-sdk/client-s3';
import type { BucketConfig } from '../core/config';

/** How long connecting to the bucket may take: a bucket that does not answer is down. */
const CONNECT_TIMEOUT_MS = 3000;
/**
 * How long a request may take until the bucket's answer starts (sending a 5 MB part
 * included). The SDK only warns past it unless told to throw: a stalled bucket then held a
 * request for ever (issue 30).
 */
const REQUEST_TIMEOUT_MS = 10_000;
/** How long a socket may carry nothing, e.g. while an object is read out. */
const SOCKET_IDLE_TIMEOUT_MS = 10_000;

export type BucketClient = {
  bucket: string;
  /** The S3 client, made on first use. */
  s3(): Promise<S3Client>;
  destroy(): void;
};

/**
 * The client of the configured bucket (AWS, MinIO, R2, …). The SDK is loaded on first use,
 * not at start-up: it costs about half a second and 24 MB, which a process whose images are
 * files (the default) never pays.
 */
export function createBucketClient(config: BucketConfig): BucketClient {
  let made: S3Client | undefined;
  let making: Promise<S3Client> | undefined;
  return {
    bucket: config.bucket,
    s3() {
      making ??= import('@aws-sdk/client-s3').then(({ S3Client }) => {
        made = new S3Client({
          endpoint: config.endpoint,
          region: config.region,
          forcePathStyle: config.forcePathStyle,
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
          // Checksums only where S3 requires them: several S3-compatible services (older
          // MinIO, Garage, s3rver) refuse the SDK's newer default trailing checksums. The
          // content hash is checked by us anyway (db/image-store.ts).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          requestHandler: {
            connectionTimeout: CONNECT_TIMEOUT_MS,
            requestTimeout: REQUEST_TIMEOUT_MS,
            throwOnRequestTimeout: true,
            socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
          },
          maxAttempts: 2,
        });
        return made;
      });
      return making;
    },
    destroy: () => made?.destroy(),
  };
}
