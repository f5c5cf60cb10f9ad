// A small S3-compatible object store over real HTTP, for the attachment storage's S3 client: path-style
// PUT, GET and DELETE of objects in one bucket, refusing requests not signed with the expected access key.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the store holds: key → bytes and type. */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'photos';
  const accessKeyId = 'FAKEACCESSKEY';
  const objects: FakeS3['objects'] = new Map();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fail = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(errorXml(code, code));
      };
      const authorization = request.headers.authorization ?? '';
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`))
        return fail(403, 'InvalidAccessKeyId');
      const url = new URL(request.url ?? '/', 'http://s3');
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) return fail(404, 'NoSuchBucket');
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (request.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: '"fake"' });
        return response.end();
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey');
      response.writeHead(200, {
        'content-type': object.contentType ?? 'application/octet-stream',
        'content-length': object.body.length,
      });
      response.end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'fake-secret',
    objects,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The client keeps its connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}
