import { commentRequest, serverFieldErrors, validateComment } from './comment-schema';

const ok = { authorName: 'Sam', authorEmail: 'sam@example.com', content: 'Great article!' };

describe('validateComment', () => {
  it('accepts a complete comment', () => {
    expect(validateComment(ok)).toEqual({});
  });

  it('names every field that is wrong, after trimming', () => {
    expect(validateComment({ authorName: ' S ', authorEmail: 'nope', content: '  hi  ' })).toEqual({
      authorName: 'Name must be at least 2 characters',
      authorEmail: 'Please enter a valid email address.',
      content: 'Comment must be at least 5 characters',
    });
  });

  it('caps the name at 100 characters', () => {
    expect(validateComment({ ...ok, authorName: 'x'.repeat(101) }).authorName).toBe(
      'Name must be at most 100 characters',
    );
  });
});

describe('commentRequest', () => {
  it('trims the values and passes the honeypot through', () => {
    expect(
      commentRequest({ authorName: ' Sam ', authorEmail: ' s@x.io ', content: ' Hello there ' }, ''),
    ).toEqual({
      authorName: 'Sam',
      authorEmail: 's@x.io',
      content: 'Hello there',
      website: '',
    });
  });
});

describe('serverFieldErrors', () => {
  it('keeps the first message of each known field', () => {
    expect(
      serverFieldErrors([
        { field: 'content', message: 'Comment must be at least 5 characters' },
        { field: 'content', message: 'second' },
        { field: 'parentId', message: 'ignored' },
      ]),
    ).toEqual({ content: 'Comment must be at least 5 characters' });
  });
});
