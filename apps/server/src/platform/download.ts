import type { FastifyReply } from 'fastify';

export type Download = { filename: string; contentType: string; body: string | Buffer | Uint8Array };

// A file the browser saves rather than shows: the portal's origin never renders what it serves as a
// download (nosniff, attachment), and no shared cache keeps it, since every file is one caller's.
export function sendDownload(reply: FastifyReply, file: Download) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
