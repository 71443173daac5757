// The success envelope a handler answers; its reply schemas (envelope, listOf, messageOnly, failure)
// belong to the contract in @lightpath/domain/api.
export function ok<T>(payload: T, message?: string) {
  return message === undefined
    ? { result: 'Success' as const, payload }
    : { result: 'Success' as const, message, payload };
}

export function done(message: string) {
  return { result: 'Success' as const, message };
}
