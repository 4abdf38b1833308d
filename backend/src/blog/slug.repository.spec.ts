import type { EntityManager } from 'typeorm';
import { uniqueSlug } from './slug.repository';
import { slugFrom } from './slugs';

const dbWith = (slugs: string[]) =>
  ({ query: async () => slugs.map((slug) => ({ slug })) }) as unknown as EntityManager;

describe('slugs', () => {
  it('derives a slug from a title, with a fallback for titles without letters or digits', () => {
    expect(slugFrom('Mixing Vocals: 5 Tips!', 'post')).toBe('mixing-vocals-5-tips');
    expect(slugFrom('!!!', 'post')).toBe('post');
    expect(slugFrom('a'.repeat(300), 'post')).toHaveLength(255);
  });

  it('keeps a free slug and numbers a taken one from 2, filling the first gap', async () => {
    expect(await uniqueSlug(dbWith([]), 'blog_posts', 'mix')).toBe('mix');
    expect(await uniqueSlug(dbWith(['mix']), 'blog_posts', 'mix')).toBe('mix-2');
    expect(await uniqueSlug(dbWith(['mix', 'mix-2', 'mix-4']), 'blog_posts', 'mix')).toBe('mix-3');
  });

  it('leaves room for the number on a slug at the length limit', async () => {
    const long = 'a'.repeat(255);
    const slug = await uniqueSlug(dbWith([long]), 'blog_posts', long);
    expect(slug).toBe(`${'a'.repeat(249)}-2`);
  });
});
