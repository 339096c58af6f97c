import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, mockFetch, renderToastArea, signIn } from '@/test/utils';
import { applyFieldErrors, isError, request, SESSION_END_REDIRECT_MS, type RequestOptions } from './http';

/** The transport's methods, as the contract client uses them (the app itself calls routes only through `call`). */
type Options = Omit<RequestOptions, 'method' | 'body'>;
const send = (method: 'POST' | 'PUT' | 'PATCH') => <T,>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method, body });
const http = {
  get: <T,>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: send('POST'), put: send('PUT'), patch: send('PATCH'),
  delete: <T,>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
};

const refreshed = { success: true, data: { accessToken: 'access-2', refreshToken: 'refresh-2' } };
const bearer = (init: RequestInit) => new Headers(init.headers).get('Authorization');
const isRefresh = (url: URL) => url.pathname === '/api/auth/refresh-token';

/** An API whose access token `access-1` has expired; the refresh answers with `refreshAnswer`. */
function expiredTokenApi(refreshAnswer: () => Response | Promise<Response>) {
  return mockFetch((url, init) => {
    if (isRefresh(url)) return refreshAnswer();
    if (bearer(init) === 'Bearer access-2') return jsonResponse(200, { success: true, data: { path: url.pathname } });
    return jsonResponse(401, errorBody('Your session has expired.', 'TOKEN_EXPIRED'));
  });
}

const refreshCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/refresh-token')).length;

describe('http client', () => {
  let router: ReturnType<typeof renderToastArea>['router'];

  beforeEach(() => {
    ({ router } = renderToastArea('/patients'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token and the language, and reads the envelope', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse(200, { success: true, data: [1, 2] }));
    const body = await http.get<{ data: number[] }>('/employees', { query: { page: 2, search: '', isActive: true } });
    expect(body.data).toEqual([1, 2]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/employees?page=2&isActive=true');
    expect(bearer(init ?? {})).toBe('Bearer access-1');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en');
  });

  it('renews an expired token once, stores the rotated pair where it was, and retries', async () => {
    signIn({}, true);
    const fetchMock = expiredTokenApi(() => jsonResponse(200, refreshed));

    const body = await http.get<{ data: { path: string } }>('/profile');

    expect(body.data.path).toBe('/api/profile');
    expect(refreshCalls(fetchMock)).toBe(1);
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(sessionStorage.getItem('token')).toBeNull();
    const [, refreshInit] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/refresh-token')) ?? [];
    expect(JSON.parse(String(refreshInit?.body))).toEqual({ refreshToken: 'refresh-1' });
  });

  it('keeps rotated tokens in session storage when the user was not remembered', async () => {
    signIn({}, false);
    expiredTokenApi(() => jsonResponse(200, refreshed));
    await http.get('/profile');
    expect(sessionStorage.getItem('token')).toBe('access-2');
    expect(sessionStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('lets concurrent requests that hit 401 share a single refresh', async () => {
    signIn();
    let answerRefresh: (response: Response) => void = () => {};
    const fetchMock = expiredTokenApi(() => new Promise<Response>((resolve) => (answerRefresh = resolve)));

    const requests = Promise.all([http.get('/employees'), http.get('/patients'), http.get('/profile')]);
    await vi.waitFor(() => expect(refreshCalls(fetchMock)).toBe(1));
    answerRefresh(jsonResponse(200, refreshed));
    const bodies = await requests;

    expect(bodies).toHaveLength(3);
    expect(refreshCalls(fetchMock)).toBe(1);
  });

  it('ends the session when the refresh is refused: message, cleared storage, sign-in page after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('lang', 'en');
    localStorage.setItem('i18nextLng', 'en');
    localStorage.setItem('usedEmails', '["admin"]');
    signIn();
    expiredTokenApi(() => jsonResponse(401, errorBody('Your session could not be renewed.', 'REFRESH_INVALID')));

    await expect(http.get('/employees')).rejects.toMatchObject({ status: 401 });

    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(
      screen.getByText('For your security and privacy, your session has ended. Please log in again to continue your work'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userName')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(localStorage.getItem('usedEmails')).toBe('["admin"]');

    expect(router.state.location.pathname).toBe('/patients');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_END_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('ends the session when there is no refresh token to renew with', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    localStorage.removeItem('refreshToken');
    const fetchMock = expiredTokenApi(() => jsonResponse(200, refreshed));
    await expect(http.get('/employees')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(fetchMock)).toBe(0);
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_END_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('does not refresh requests that ask not to', async () => {
    signIn();
    const fetchMock = expiredTokenApi(() => jsonResponse(200, refreshed));
    await expect(http.post('/auth/login', {}, { skipAuthRefresh: true, silent: true })).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(fetchMock)).toBe(0);
    expect(localStorage.getItem('token')).toBe('access-1');
  });

  it('treats 403 as "not allowed": an error message, and the user stays signed in', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse(403, errorBody('You do not have permission to do this', 'FORBIDDEN')));

    await expect(http.delete('/employees/7')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });

    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
    expect(refreshCalls(fetchMock)).toBe(0);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(router.state.location.pathname).toBe('/patients');
  });

  it("shows the server's message for 404, 422 and 500, with a generic fallback", async () => {
    signIn();
    mockFetch((url) => {
      if (url.pathname === '/api/patients/1') return jsonResponse(404, errorBody('The requested resource was not found', 'NOT_FOUND'));
      if (url.pathname === '/api/patients') return jsonResponse(422, errorBody('Some fields are invalid.', 'VALIDATION', { name: 'Name is required' }));
      return new Response('', { status: 500 });
    });

    await expect(http.get('/patients/1')).rejects.toMatchObject({ status: 404 });
    expect(await screen.findByText('The requested resource was not found')).toBeInTheDocument();

    await expect(http.post('/patients', { name: '' })).rejects.toMatchObject({ status: 422, fields: { name: 'Name is required' } });
    expect(await screen.findByText('Some fields are invalid.')).toBeInTheDocument();

    await expect(http.get('/reports')).rejects.toMatchObject({ status: 500 });
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });

  it('shows each message of a 405 answer', async () => {
    signIn();
    mockFetch(() => jsonResponse(405, errorBody('Method not allowed', 'METHOD', { method: 'Use PUT instead' })));
    await expect(http.patch('/employees/1', {})).rejects.toMatchObject({ status: 405 });
    expect(await screen.findByText('Method not allowed')).toBeInTheDocument();
    expect(screen.getByText('Use PUT instead')).toBeInTheDocument();
  });

  it('reports a network failure', async () => {
    signIn();
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/employees')).rejects.toMatchObject({ status: 0 });
    expect(await screen.findByText('Network error occurred')).toBeInTheDocument();
  });

  it('keeps quiet when asked, so a form can show field errors in place', async () => {
    signIn();
    mockFetch(() => jsonResponse(422, errorBody('Some fields are invalid.', 'VALIDATION', { 'contacts.0.phone': 'Invalid phone number' })));
    const setError = vi.fn();
    const error = await http.post('/patients', {}, { silent: true }).catch((e: unknown) => e);

    expect(applyFieldErrors(error, setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith('contacts.0.phone', { type: 'server', message: 'Invalid phone number' }, { shouldFocus: true });
    expect(screen.queryByText('Some fields are invalid.')).not.toBeInTheDocument();
  });

  it("tells a refusal by the API's error code, and nothing else by it", async () => {
    signIn();
    mockFetch(() => jsonResponse(409, errorBody('The doctor already has an appointment at that time.', 'DOCTOR_DOUBLE_BOOKED')));
    const error = await http.post('/appointments', {}, { silent: true }).catch((e: unknown) => e);

    expect(isError(error, 'DOCTOR_DOUBLE_BOOKED')).toBe(true);
    expect(isError(error, 'PATIENT_DOUBLE_BOOKED')).toBe(false);
    expect(isError(new Error('DOCTOR_DOUBLE_BOOKED'), 'DOCTOR_DOUBLE_BOOKED')).toBe(false);
  });

  it('confirms writes the way the catalogue says, and says nothing for reads', async () => {
    signIn();
    mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') return jsonResponse(200, { success: true, message: 'Loaded', data: {} });
      if (method === 'POST' && url.pathname === '/api/patients') return jsonResponse(201, { success: true, message: 'Patient added', data: {} });
      if (method === 'POST') return jsonResponse(200, { success: true, data: {} });
      if (method === 'PUT') return jsonResponse(200, { success: true, message: 'Staff member saved', data: {} });
      if (method === 'PATCH') return jsonResponse(200, { success: true, message: 'Service changed', data: {} });
      return jsonResponse(200, { success: true, message: 'whatever', data: {} });
    });

    await http.get('/patients');
    await http.post('/patients', {});
    await http.post('/appointments', {});
    await http.put('/employees/1', {});
    await http.patch('/services/1', {});
    await http.delete('/clinics/1');

    expect(await screen.findByText('Patient added')).toBeInTheDocument();
    expect(screen.getByText('The operation was completed successfully')).toBeInTheDocument();
    expect(screen.getByText('Updated: Staff member saved')).toBeInTheDocument();
    expect(screen.getByText('Service changed')).toBeInTheDocument();
    expect(screen.getByText('Deleted: success')).toBeInTheDocument();
    expect(screen.queryByText('Loaded')).not.toBeInTheDocument();
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse(201, { success: true, data: {} }));
    const form = new FormData();
    form.set('name', 'Layla');
    await http.post('/patients', form, { successToast: false });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });
});
