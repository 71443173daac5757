// Issue 19: the largest request body each kind of route reads (docs/decisions/044). Every JSON route
// takes BODY_LIMIT_BYTES (64 KiB by default), far above any form's largest valid body; a route whose
// valid bodies can be larger says so on the route itself, `bodyLimit: bodyLimits.<kind>`, with the
// reason here. Over the limit: 413 in the envelope, before the body is parsed, so nothing is written.
// Uploads (multipart) are read by @fastify/multipart under their own per-file limit (UPLOAD_MAX_BYTES).
const kib = 1024;

export const bodyLimits = {
  // A customer's logo: up to 200 KB as base64 in JSON (about 273 KB) with the other fields.
  logo: 512 * kib,
  // A ticket's description or comment, an FAQ article: 20,000 characters, each up to 6 bytes as a JSON escape.
  longText: 256 * kib,
  // The New Event wizard and its preflight: up to 5,000 service ids and a 10,000-character description.
  eventWizard: 1024 * kib,
  // POST /api/generatecsv: up to 50,000 rows of short cells.
  rowsToCsv: 16 * 1024 * kib,
} as const;
