import { readTime } from './post-reader';
import { buildWhere, prefixQuery } from './posts.repository';
import { resolvePublishedAt } from './posts.service';

describe('post rules', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  const first = new Date('2024-06-01T09:00:00Z');

  it('sets publishedAt the first time a post is published, and keeps it after', () => {
    expect(resolvePublishedAt('draft', undefined, null, now)).toBeNull();
    expect(resolvePublishedAt('published', undefined, null, now)).toEqual(now);
    expect(resolvePublishedAt('published', undefined, first, now)).toEqual(first);
    expect(resolvePublishedAt('draft', undefined, first, now)).toEqual(first);
  });

  it('takes an explicit time (a future one schedules) and falls back to now when cleared on a published post', () => {
    expect(resolvePublishedAt('published', '2030-01-01T00:00:00Z', first, now)).toEqual(
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(resolvePublishedAt('published', null, first, now)).toEqual(now);
    expect(resolvePublishedAt('draft', null, first, now)).toBeNull();
  });

  it('reads at 300 words a minute, at least one minute', () => {
    expect(readTime(0)).toBe(1);
    expect(readTime(300)).toBe(1);
    expect(readTime(301)).toBe(2);
  });

  it('turns a search into prefix terms that cannot inject tsquery syntax', () => {
    expect(prefixQuery('Masteri vocal')).toBe('masteri:* & vocal:*');
    expect(prefixQuery("a & b | !c:* 'd'")).toBe('a:* & b:* & c:* & d:*');
    expect(prefixQuery('!!!')).toBeNull();
  });

  it('binds every filter value as a parameter and escapes LIKE wildcards', () => {
    const { sql, params } = buildWhere({ publicOnly: true, search: "100%_o'k", categoryId: 3, tagId: 4 });
    expect(sql).not.toContain("o'k");
    expect(params).toEqual([3, 4, "%100\\%\\_o'k%", "100%_o'k", '100:* & o:* & k:*']);
  });
});
