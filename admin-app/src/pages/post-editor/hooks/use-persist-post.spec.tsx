import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { FormInstance } from 'antd';
import { ApiError, type BlogPostDto } from '@studio/shared';
import { EMPTY_POST, type PostFormValues } from '../post-form';
import { blogKeys } from '../query-keys';
import { savePost } from '../service';
import { savedDescription, usePersistPost } from './use-persist-post';

jest.mock('../service', () => ({ savePost: jest.fn() }));
const save = savePost as jest.MockedFunction<typeof savePost>;

const values: PostFormValues = {
  ...EMPTY_POST,
  title: 'Gain staging',
  slug: 'gain-staging',
  content: '<p>x</p>',
};

/** The bits of antd's form the hook uses, holding `values`. */
function fakeForm(valid = true): FormInstance<PostFormValues> {
  return {
    validateFields: jest.fn(() =>
      valid ? Promise.resolve(values) : Promise.reject({ errorFields: [{ name: ['metaDescription'] }] }),
    ),
    getFieldsValue: jest.fn(() => values),
    getFieldValue: jest.fn((name: keyof PostFormValues) => values[name]),
    setFields: jest.fn(),
  } as unknown as FormInstance<PostFormValues>;
}

const post = (over: Partial<BlogPostDto> = {}) =>
  ({
    id: 7,
    slug: 'gain-staging-2',
    featuredImage: null,
    status: 'draft',
    publishedAt: null,
    ...over,
  }) as BlogPostDto;

function setup(form: FormInstance<PostFormValues>, initialPost: BlogPostDto | null = null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(blogKeys.posts, 'list');
  queryClient.setQueryData(blogKeys.stats, 'stats');
  const onSaved = jest.fn();
  const onInvalidField = jest.fn();
  const onCreated = jest.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => usePersistPost({ form, initialPost, pendingFile: null, onSaved, onInvalidField, onCreated }),
    { wrapper },
  );
  return { hook, queryClient, onSaved, onInvalidField, onCreated };
}

describe('usePersistPost', () => {
  beforeEach(() => save.mockReset());

  it('creates a post, takes the slug the server chose, refreshes the lists and says so', async () => {
    save.mockResolvedValue({ success: true, message: 'Post created', post: post() });
    const { hook, queryClient, onSaved, onCreated } = setup(fakeForm());

    let ok = false;
    await act(async () => {
      ok = await hook.result.current.persist('manual');
    });

    expect(ok).toBe(true);
    expect(save).toHaveBeenCalledWith(null, expect.objectContaining({ title: 'Gain staging' }), null);
    expect(onSaved).toHaveBeenCalledWith({
      baseline: expect.objectContaining({ title: 'Gain staging', slug: 'gain-staging-2' }),
      patch: { slug: 'gain-staging-2', featuredImage: null },
      file: null,
    });
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    expect(hook.result.current.savedPost?.id).toBe(7);
    expect(queryClient.getQueryData(blogKeys.post(7))).toEqual(expect.objectContaining({ id: 7 }));
    expect(queryClient.getQueryState(blogKeys.posts)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(blogKeys.stats)?.isInvalidated).toBe(true);
    expect(await screen.findByText('Post created')).toBeTruthy();
    expect(screen.getByText(savedDescription(post()))).toBeTruthy();
  });

  it('updates an existing post in place (PUT by id) without calling onCreated', async () => {
    save.mockResolvedValue({ success: true, message: 'Post updated', post: post({ id: 3 }) });
    const { hook, onCreated } = setup(fakeForm(), post({ id: 3 }));
    await act(async () => void (await hook.result.current.persist('manual')));
    expect(save).toHaveBeenCalledWith(3, expect.anything(), null);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('does not send an invalid form; a manual save opens the tab of the first bad field', async () => {
    const { hook, onInvalidField } = setup(fakeForm(false));
    await act(async () => void (await hook.result.current.persist('manual')));
    expect(save).not.toHaveBeenCalled();
    expect(onInvalidField).toHaveBeenCalledWith('metaDescription');
  });

  it('puts the server field errors on the form and shows its sentence; an autosave stays quiet', async () => {
    const form = fakeForm();
    save.mockRejectedValue(
      new ApiError(409, '409: …', {
        success: false,
        message: 'That slug is taken.',
        code: 'SLUG_TAKEN',
        errors: [{ field: 'slug', message: 'That slug is taken.' }],
      }),
    );
    const { hook } = setup(form);
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.persist('auto');
    });
    expect(ok).toBe(false);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'slug', errors: ['That slug is taken.'] }]);
    expect(screen.queryByText('That slug is taken.')).toBeNull();

    await act(async () => void (await hook.result.current.persist('manual')));
    expect(await screen.findByText('That slug is taken.')).toBeTruthy();
  });
});
