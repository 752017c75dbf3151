import { startLocalS3 } from './s3-server';

// The local S3 server in a process of its own (startLocalS3Process; the object-storage bench),
// so a test can stop it with SIGSTOP as a hung bucket, and a bench's load generator does not
// share its CPU: prints its settings as one JSON line, stops on SIGTERM.
const s3 = await startLocalS3(process.argv[2] || 'lunar-test');
console.log(JSON.stringify(s3.env));
process.on('SIGTERM', () => {
  s3.close().finally(() => process.exit(0));
});
