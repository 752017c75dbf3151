import { startLocalS3 } from '../../test/support/s3-server';

// A local S3 server in its own process for the object-storage bench (so its CPU is not the
// load generator's): prints its settings as one JSON line, stops on SIGTERM.
const s3 = await startLocalS3('lunar-bench');
console.log(JSON.stringify(s3.env));
process.on('SIGTERM', () => {
  s3.close().finally(() => process.exit(0));
});
