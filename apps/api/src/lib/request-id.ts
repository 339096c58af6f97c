/**
 * A request id a client (or a proxy in front of the API) may choose: a short token of letters, digits and
 * `.`, `_`, `:`, `-`. Anything else (spaces, control characters, markup, very long text) is never echoed,
 * logged or written to the audit log: the server generates an id instead.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** The value when it is an acceptable request id, otherwise null. */
export function acceptedRequestId(value: unknown): string | null {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value) ? value : null;
}
