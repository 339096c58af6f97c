/**
 * The waiting room's cache keys. Everything lives under `['waiting-room']`, so the live stream's `queue` event
 * refreshes it all at once; the accuracy report sits apart under the dashboard's key.
 */
export const waitingRoomKeys = {
  all: ['waiting-room'] as const,
  queue: (clinic: string) => ['waiting-room', 'queue', clinic] as const,
  ticket: (id: string) => ['waiting-room', 'ticket', id] as const,
  settings: (clinic: string) => ['waiting-room', 'settings', clinic] as const,
  displays: (clinic: string) => ['waiting-room', 'displays', clinic] as const,
  accuracy: (query: { clinic?: string; from?: string; to?: string }) => ['dashboard', 'wait-accuracy', query] as const,
};
