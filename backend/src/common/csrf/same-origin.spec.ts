import { isCrossSite } from './same-origin.hook';

const base = { host: 'studio.example.com', publicOrigin: 'https://studio.example.com' };

describe('isCrossSite', () => {
  it('accepts our own origin, by PUBLIC_URL or by the host the request reached', () => {
    expect(isCrossSite({ ...base, origin: 'https://studio.example.com', fetchSite: undefined })).toBe(false);
    expect(
      isCrossSite({
        ...base,
        host: 'localhost:4200',
        origin: 'http://localhost:4200',
        fetchSite: 'same-origin',
      }),
    ).toBe(false);
  });

  it('refuses another origin, whatever Sec-Fetch-Site says', () => {
    expect(isCrossSite({ ...base, origin: 'https://evil.example', fetchSite: 'same-origin' })).toBe(true);
    expect(
      isCrossSite({ ...base, origin: 'https://studio.example.com.evil.example', fetchSite: undefined }),
    ).toBe(true);
    expect(isCrossSite({ ...base, origin: 'not a url', fetchSite: undefined })).toBe(true);
  });

  it('falls back to Sec-Fetch-Site when Origin is null or absent', () => {
    expect(isCrossSite({ ...base, origin: 'null', fetchSite: 'same-origin' })).toBe(false);
    expect(isCrossSite({ ...base, origin: 'null', fetchSite: 'cross-site' })).toBe(true);
    expect(isCrossSite({ ...base, origin: undefined, fetchSite: 'same-site' })).toBe(true);
    expect(isCrossSite({ ...base, origin: undefined, fetchSite: 'none' })).toBe(false);
  });

  it('refuses a bare null origin and lets a request from no browser through', () => {
    expect(isCrossSite({ ...base, origin: 'null', fetchSite: undefined })).toBe(true);
    expect(isCrossSite({ ...base, origin: undefined, fetchSite: undefined })).toBe(false);
  });
});
