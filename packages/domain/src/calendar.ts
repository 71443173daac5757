import { z } from 'zod';
import { idSchema, recordIdSchema } from './api';

// The API contract (docs/decisions/023-one-api-contract.md): what the calendar feed routes take and answer.
export const calendarFeedQuerySchema = z.object({ customerid: idSchema.optional() });
export const calendarFeedCreateSchema = z.strictObject({
  customerid: recordIdSchema('Choose the customer whose calendar feed this is').optional(),
});
// The feed's token is a credential: only its last characters are kept to tell links apart ("…abcd").
export const calendarFeedSchema = z.object({
  feedid: z.number(),
  customerid: z.number(),
  tokenhint: z.string(),
  createdat: z.number(),
  createdby: z.string().nullable(),
});
export const calendarFeedReplySchema = z.object({ feed: calendarFeedSchema.nullable() });
// The URL is answered once, when the feed is made: the server keeps only a hash of its token.
export const calendarFeedCreatedSchema = z.object({ url: z.string(), feed: calendarFeedSchema });
// `file` is "<token>.ics".
export const calendarFileParamsSchema = z.object({ file: z.string() });
