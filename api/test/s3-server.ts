import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { s3ClientFromEnvironment } from '../src/lib/release-store/s3-store';

export interface TestS3Server {
  /** The bucket created for the test. */
  bucket: string;
  /** The variables RELEASE_STORE=s3://… reads, pointing at this server. */
  env: NodeJS.ProcessEnv;
  client: ReturnType<typeof s3ClientFromEnvironment>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, from npm) on a free port of 127.0.0.1 with an empty bucket, its objects in a
 * temporary folder; `close` stops it and removes the folder. The client is built as production builds it
 * (s3ClientFromEnvironment), from AWS_* variables naming this server.
 */
export async function startS3Server(bucket = 'ebas3-releases'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'ebas3-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver's fixed key pair.
  const env = {
    AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
    AWS_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = s3ClientFromEnvironment(env);
  return {
    bucket,
    env,
    client,
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
