import { DEFAULT_SITE_NAME, readSiteBranding } from './site-branding';

describe('readSiteBranding', () => {
  afterEach(() => {
    delete (global as unknown as { window?: unknown }).window;
  });

  it('falls back to the defaults outside a browser', () => {
    expect(readSiteBranding().name).toBe(DEFAULT_SITE_NAME);
  });

  it('reads what the backend injected, ignoring blanks', () => {
    (global as unknown as { window: unknown }).window = {
      __SITE__: { name: '  Night Owl Audio ', instagramUrl: ' ' },
    };
    expect(readSiteBranding()).toEqual({
      name: 'Night Owl Audio',
      instagramUrl: 'https://www.instagram.com/',
    });
  });
});
