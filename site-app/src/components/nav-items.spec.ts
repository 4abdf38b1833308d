import { HOME_SECTIONS } from '@studio/shared';
import { NAV_ITEMS } from './nav-items';

describe('header navigation', () => {
  it('lists the links of spec §2 in order', () => {
    expect(NAV_ITEMS.map((i) => i.label)).toEqual([
      'Pricing',
      'What If',
      'Services',
      'About',
      'Portfolio',
      'Testimonials',
      'Blog',
      'Newsletter',
    ]);
  });

  it('points every section link at a home-page section', () => {
    for (const item of NAV_ITEMS) {
      if ('section' in item) expect(HOME_SECTIONS).toContain(item.section);
      else expect(item.to).toBe('/blog');
    }
  });
});
