import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/**
 * A real S3-protocol server (s3rver, objects in a temporary folder) on a loopback port, with one bucket.
 * `env` is what the app needs to use it (STORAGE=s3 with an endpoint, so path-style as for MinIO).
 */
export async function startS3Server(bucket = 'mawarid-test') {
  const directory = mkdtempSync(join(tmpdir(), 'mawarid-s3-'));
  const make = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = make(0);
  let running = true;
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    env,
    /** Every object key in the bucket. */
    async keys(): Promise<string[]> {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    /** One object's bytes, read straight from the bucket. */
    async get(key: string): Promise<Buffer> {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    /** The store going away (its port refuses connections); `start()` brings it back on the same port with its objects. */
    async stop() {
      running = false;
      await server.close();
    },
    async start() {
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      client.destroy();
      if (running) await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
