import { S3Client } from '@aws-sdk/client-s3';
import type { BucketConfig } from '../core/config';

/** How long connecting to the bucket may take: a bucket that does not answer is down. */
const CONNECT_TIMEOUT_MS = 3000;
/** How long a request may wait for the bucket's next bytes. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The S3 client of the configured bucket (AWS, MinIO, R2, …). */
export function createBucketClient(config: BucketConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible services (older MinIO,
    // Garage, s3rver) refuse the SDK's newer default trailing checksums. The content hash
    // is checked by us anyway (db/image-store.ts).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    maxAttempts: 2,
  });
}
