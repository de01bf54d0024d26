/**
 * Sending a file rendered on request (a statement, a report, a balance, the accounting export): one of the user's export slots (429 beyond, plugins/export-slots.ts) until the
 * file is sent or abandoned, the stream piped as is, named in Content-Disposition.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PassThrough } from 'node:stream';

/** A file being written: its media type and the stream the renderer writes it to. */
export interface RenderedFile {
  contentType: string;
  stream: PassThrough;
}

export async function sendFile(
  app: FastifyInstance,
  request: FastifyRequest & { user: { id: number } },
  reply: FastifyReply,
  fileName: string,
  render: () => Promise<RenderedFile>,
): Promise<FastifyReply> {
  const release = await app.exportSlots.reserve(request.user.id);
  let file: RenderedFile;
  try {
    file = await render();
  } catch (error) {
    release();
    throw error;
  }
  file.stream.on('close', release);
  file.stream.on('error', (error) => request.log.error({ err: error }, `fichier ${fileName} interrompu`));
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}
