import type { FastifyReply } from 'fastify';

export type Download = { filename: string; contentType: string; body: string | Buffer | Uint8Array };

// Content-Disposition for a download: the name as an RFC 8187 ext-value (filename*), so quotes,
// semicolons, line breaks and non-ASCII letters in a user's file name travel as %XX and can end
// neither the parameter nor the header. encodeURIComponent leaves ' ( ) * as they are, which the
// grammar's attr-char does not allow (a quote separates the charset from the value), so those too.
export function attachmentDisposition(filename: string): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}

// A file the browser saves rather than shows: the portal's origin never renders what it serves as a
// download (nosniff, attachment), and no shared cache keeps it, since every file is one caller's.
export function sendDownload(reply: FastifyReply, file: Download) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
