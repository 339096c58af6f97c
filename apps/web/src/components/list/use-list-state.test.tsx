import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState } from './use-list-state';

function PatientsList() {
  const list = useListState({ filters: ['status', 'dateOfBirth'] as const });
  return (
    <div>
      <output aria-label="page">{list.page}</output>
      <output aria-label="limit">{list.limit}</output>
      <output aria-label="sort">{`${list.sortBy} ${list.order}`}</output>
      <output aria-label="status">{list.filters.status ?? 'any'}</output>
      <output aria-label="search">{list.search}</output>
      <button onClick={() => list.setPage(3)}>Go to page 3</button>
      <button onClick={() => list.setFilter('status', 'inactive')}>Inactive only</button>
      <button onClick={() => list.setFilter('dateOfBirth', '1990-01-05')}>Born 5 Jan 1990</button>
      <button onClick={() => list.setSearch('layla')}>Search layla</button>
      <button onClick={() => { list.setFilter('dateOfBirth', '1990-01-05'); list.setSearch(''); }}>Born 5 Jan 1990, search cleared</button>
      <button onClick={() => list.setLimit(30)}>30 per page</button>
      <button onClick={() => list.toggleSort('name')}>Sort by name</button>
      <Link to="/doctors">Doctors</Link>
    </div>
  );
}

function renderList(path = '/patients') {
  const router = createMemoryRouter(
    [
      { path: '/patients', element: <PatientsList /> },
      { path: '/doctors', element: <PatientsList /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const value = (name: string) => screen.getByRole('status', { name }).textContent;

describe('list state', () => {
  it('starts at page 1, 10 per page, newest first', () => {
    renderList();
    expect(value('page')).toBe('1');
    expect(value('limit')).toBe('10');
    expect(value('sort')).toBe('_id desc');
    expect(value('status')).toBe('any');
  });

  it('keeps both of two changes made before the list renders again (a date picked as the search is cleared)', async () => {
    const { router, user } = renderList('/patients?search=layla&status=inactive');
    await user.click(screen.getByRole('button', { name: 'Born 5 Jan 1990, search cleared' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('dateOfBirth')).toBe('1990-01-05');
    expect(params.get('search')).toBeNull();
    expect(params.get('status')).toBe('inactive');
  });

  it('goes back to page 1 when a filter, the search, a date or the page size changes', async () => {
    const { router, user } = renderList();

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(value('page')).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Inactive only' }));
    expect(value('page')).toBe('1');
    expect(value('status')).toBe('inactive');

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await user.click(screen.getByRole('button', { name: 'Search layla' }));
    expect(value('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await user.click(screen.getByRole('button', { name: 'Born 5 Jan 1990' }));
    expect(value('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await user.click(screen.getByRole('button', { name: '30 per page' }));
    expect(value('page')).toBe('1');
    expect(value('limit')).toBe('30');

    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ status: 'inactive', search: 'layla', dateOfBirth: '1990-01-05', limit: '30' });
  });

  it('keeps everything in the URL, so a reload shows the same list', () => {
    renderList('/patients?page=4&limit=20&sortBy=name&order=asc&status=active&search=amin');
    expect(value('page')).toBe('4');
    expect(value('limit')).toBe('20');
    expect(value('sort')).toBe('name asc');
    expect(value('status')).toBe('active');
    expect(value('search')).toBe('amin');
  });

  it('ignores page sizes the API does not accept', () => {
    renderList('/patients?limit=1000&page=-2');
    expect(value('limit')).toBe('10');
    expect(value('page')).toBe('1');
  });

  it('cycles a column through ascending, descending and the default order', async () => {
    const { user } = renderList();
    const sort = screen.getByRole('button', { name: 'Sort by name' });
    await user.click(sort);
    expect(value('sort')).toBe('name asc');
    await user.click(sort);
    expect(value('sort')).toBe('name desc');
    await user.click(sort);
    expect(value('sort')).toBe('_id desc');
  });

  it('starts fresh on another route', async () => {
    const { router, user } = renderList('/patients?page=2&status=inactive');
    await user.click(screen.getByRole('link', { name: 'Doctors' }));
    expect(router.state.location.pathname).toBe('/doctors');
    expect(value('page')).toBe('1');
    expect(value('status')).toBe('any');
  });
});
