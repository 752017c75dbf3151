import { describe, expect, it } from 'vitest';
import { parseConfig } from '.';

const FULL = {
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: 'lunar-images',
  S3_ACCESS_KEY_ID: 'lunar',
  S3_SECRET_ACCESS_KEY: 'a-long-secret-key',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('the bucket settings', () => {
  it('keeps images under DATA_DIR when no bucket is named', () => {
    for (const env of [{}, { S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-1' }]) {
      const result = parseConfig(env);
      expect(result.ok ? result.config.bucket : result.errors).toBeUndefined();
    }
  });

  it('groups a whole bucket configuration as config.bucket', () => {
    const result = parseConfig(FULL);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.bucket).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'lunar-images',
      region: 'us-east-1',
      accessKeyId: 'lunar',
      secretAccessKey: 'a-long-secret-key',
      forcePathStyle: true,
    });
    expect(result.config).not.toHaveProperty('S3_BUCKET');
  });

  it('refuses half a configuration, naming what is missing and never the secret', () => {
    const noBucket = parseConfig({ ...FULL, S3_BUCKET: '' });
    expect(noBucket.ok).toBe(false);
    if (noBucket.ok) return;
    expect(noBucket.errors.join('\n')).toMatch(/^S3_BUCKET: is required when S3_ENDPOINT, /m);

    const noSecret = parseConfig({ S3_BUCKET: 'lunar-images', S3_ACCESS_KEY_ID: 'lunar' });
    expect(noSecret.ok).toBe(false);
    if (noSecret.ok) return;
    expect(noSecret.errors).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: the bucket needs both S3_ACCESS_KEY_ID/),
    ]);

    const bad = parseConfig({ ...FULL, S3_BUCKET: 'Not_A_Bucket', S3_FORCE_PATH_STYLE: 'yes' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const text = bad.errors.join('\n');
    expect(text).toContain('S3_BUCKET: must be a bucket name');
    expect(text).toContain('S3_FORCE_PATH_STYLE: must be true or false');
    expect(text).not.toContain('a-long-secret-key');
  });
});
