import { isServerPage, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/admin/queues')).toBe('/admin/queues');
    expect(safeRedirect('/blog?tag=2')).toBe('/blog?tag=2');
  });
  it('sends anything else home', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
  });
  it('knows which pages need a full page load', () => {
    expect(isServerPage('/admin/queues')).toBe(true);
    expect(isServerPage('/admin/queues/queue/mail')).toBe(true);
    expect(isServerPage('/admin/posts')).toBe(false);
  });
});
