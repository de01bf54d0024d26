import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  checkStoreKey,
  checkStorePrefix,
  type ReleaseStore,
  type StoredObject,
  type StoredObjectInfo,
} from './release-store';

export interface S3StoreOptions {
  bucket: string;
  /** Keys are stored under `<prefix>/`; '' for the bucket's root. */
  prefix: string;
  client: S3Client;
}

/**
 * The S3 client for RELEASE_STORE=s3://…: region, endpoint and credentials from the usual variables (AWS_REGION,
 * AWS_ENDPOINT_URL or AWS_ENDPOINT_URL_S3, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or the SDK's other sources).
 * Path-style addressing (`endpoint/bucket/key`) and checksums only when an operation requires them: what non-AWS
 * servers (MinIO, Garage, s3rver…) accept.
 */
/** The stored headers of a GET or HEAD answer, as the store contract names them. */
function headersOf(answer: { ContentType?: string; CacheControl?: string; ContentEncoding?: string }) {
  return {
    contentType: answer.ContentType ?? 'application/octet-stream',
    cacheControl: answer.CacheControl ?? '',
    ...(answer.ContentEncoding === undefined ? {} : { contentEncoding: answer.ContentEncoding }),
  };
}

export function s3ClientFromEnvironment(env: NodeJS.ProcessEnv = process.env): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return new S3Client({
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    ...(endpoint === undefined || endpoint === '' ? {} : { endpoint }),
    // Keys given as variables are used as such; otherwise the SDK's own chain (profile, instance role…).
    ...(accessKeyId === undefined || secretAccessKey === undefined
      ? {}
      : { credentials: { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN } }),
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** An S3-compatible bucket as a release store (RELEASE_STORE=s3://bucket/prefix). */
export function createS3Store({ bucket, prefix, client }: S3StoreOptions): ReleaseStore {
  const base = prefix === '' ? '' : `${prefix}/`;
  const objectKey = (key: string) => `${base}${checkStoreKey(key)}`;

  return {
    description: `s3://${bucket}${prefix === '' ? '' : `/${prefix}`}`,

    async put(key, body, headers) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          // A Buffer, never a stream: s3rver (and some gateways) refuse the SDK's chunked streaming upload.
          Body: body,
          ContentLength: body.length,
          ContentType: headers.contentType,
          CacheControl: headers.cacheControl,
          ...(headers.contentEncoding === undefined ? {} : { ContentEncoding: headers.contentEncoding }),
        }),
      );
    },

    async get(key): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
        return {
          body,
          size: body.length,
          ...headersOf(answer),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key): Promise<StoredObjectInfo | null> {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return {
          size: answer.ContentLength ?? 0,
          ...headersOf(answer),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async list(listPrefix) {
      checkStorePrefix(listPrefix);
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${base}${listPrefix}`,
            ContinuationToken: continuationToken,
          }),
        );
        for (const { Key } of page.Contents ?? []) if (Key !== undefined) keys.push(Key.slice(base.length));
        continuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (continuationToken !== undefined);
      return keys.sort();
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
