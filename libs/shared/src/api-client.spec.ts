import { ApiError, apiRequest, errorMessage, makeQueryClient, readCurrentUser } from './api-client';

type FetchArgs = [string, RequestInit];

function mockFetch(status: number, body: string, statusText = ''): jest.Mock {
  const fn = jest.fn(async () => new Response(body || null, { status, statusText }));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

function withLocalStorage(token: string | null): Map<string, string> {
  const store = new Map<string, string>(token ? [['authToken', token]] : []);
  (global as unknown as { window: unknown }).window = {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
  };
  return store;
}

afterEach(() => {
  delete (global as unknown as { window?: unknown }).window;
});

describe('apiRequest', () => {
  it('sends cookies, and no body or Content-Type without a body', async () => {
    const fetchMock = mockFetch(200, '{"ok":1}');
    await expect(apiRequest('GET', '/api/x')).resolves.toEqual({ ok: 1 });
    const [path, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(path).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('sends a JSON body, and never a bearer token from storage (which it removes)', async () => {
    const store = withLocalStorage('tok');
    const fetchMock = mockFetch(200, '');
    await expect(apiRequest('POST', '/api/y', { a: 1 })).resolves.toBeNull();
    const [, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.body).toBe('{"a":1}');
    expect(store.has('authToken')).toBe(false);
  });

  it('passes FormData through untouched', async () => {
    const fetchMock = mockFetch(200, '{}');
    const form = new FormData();
    form.append('data', '{}');
    await apiRequest('POST', '/api/upload', form);
    const [, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws "{status}: {body}" and keeps the parsed error body', async () => {
    mockFetch(409, '{"success":false,"message":"Email taken","code":"EMAIL_TAKEN"}');
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '409: {"success":false,"message":"Email taken","code":"EMAIL_TAKEN"}',
    );
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body?.code).toBe('EMAIL_TAKEN');
    expect(errorMessage(error, 'Registration failed')).toBe('Email taken');
  });

  it('falls back to the status text for an empty error body', async () => {
    mockFetch(502, '', 'Bad Gateway');
    await expect(apiRequest('GET', '/api/z')).rejects.toThrow('502: Bad Gateway');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});

describe('readCurrentUser', () => {
  it('yields null on 401 instead of throwing', async () => {
    mockFetch(401, '{"success":false,"message":"Not logged in"}');
    await expect(readCurrentUser()).resolves.toBeNull();
  });
  it('still throws other failures', async () => {
    mockFetch(500, 'oops');
    await expect(readCurrentUser()).rejects.toThrow('500: oops');
  });
});

describe('makeQueryClient', () => {
  it('uses the spec §7 defaults', () => {
    const queries = makeQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: 0,
      refetchInterval: false,
    });
  });
});
