import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { createQueryClient, shouldRetry } from './query-client';

describe('query client', () => {
  it('retries network and server failures up to three times', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Network error occurred');
    const crash = new ApiError(500, 'INTERNAL', 'An unexpected error occurred');
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(2, crash)).toBe(true);
    expect(shouldRetry(3, crash)).toBe(false);
  });

  it('does not retry what a retry cannot fix (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'X', 'x')), String(status)).toBe(false);
    }
  });

  it('keeps data fresh for 2 minutes, drops it after 5, and does not refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(120_000);
    expect(defaults?.gcTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });
});
