import { describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_SECONDS } from '@clinic/shared';
import { FILE_LINK_REFRESH_MS, holdsFileLinks, refreshFileLinks, refreshFileLinksOnFocus } from './file-links';

const withPicture = { _id: 'p1', name: 'Amal Hassan', image: '/api/files/0b3c?c=1&e=2&u=3&v=0&f=4&s=5' };
const withReport = { _id: 'p2', healthReports: [{ file: { url: '/api/files/9a?c=1&e=2&u=3&v=0&f=4&s=5' } }] };
const without = { _id: 'p3', name: 'Noah Carter', image: null, healthReports: [] };

describe('file links in fetched data', () => {
  it('refetches data holding links a minute before the links lapse, and data without links never', () => {
    expect(FILE_LINK_REFRESH_MS).toBe((FILE_LINK_TTL_SECONDS - 60) * 1000);
    expect(FILE_LINK_REFRESH_MS).toBeGreaterThan(0);
    expect(refreshFileLinks({ state: { data: withPicture } })).toBe(FILE_LINK_REFRESH_MS);
    expect(refreshFileLinks({ state: { data: { data: [without, withReport] } } })).toBe(FILE_LINK_REFRESH_MS);
    expect(refreshFileLinks({ state: { data: without } })).toBe(false);
    expect(refreshFileLinks({ state: { data: undefined } })).toBe(false);
  });

  it('refetches a details page on return to the tab only when it holds links', () => {
    expect(refreshFileLinksOnFocus({ state: { data: withReport } })).toBe(true);
    expect(refreshFileLinksOnFocus({ state: { data: without } })).toBe(false);
    expect(holdsFileLinks(null)).toBe(false);
  });
});
