import type { ProjectStorage } from './project-storage';
import { removeFiles } from './remove-files';

const storageWith = (remove: (key: string) => Promise<void>) =>
  ({ remove, read: jest.fn(), localPath: jest.fn(), tusStore: {} }) as unknown as ProjectStorage;

describe('removeFiles', () => {
  it('removes every key, retrying a failure until it succeeds', async () => {
    const calls: string[] = [];
    let flaky = 2;
    const storage = storageWith(async (key) => {
      calls.push(key);
      if (key === 'bbbbbbbb' && flaky-- > 0) throw new Error('503 Slow Down');
    });
    const result = await removeFiles(storage, ['aaaaaaaa', 'bbbbbbbb', 'cccccccc'], { firstDelayMs: 1 });
    expect(result).toEqual({ removed: 3, failed: [] });
    expect(calls.filter((k) => k === 'bbbbbbbb')).toHaveLength(3);
  });

  it('gives up after the last attempt, reports the key and never throws', async () => {
    const storage = storageWith((key) =>
      key === 'bbbbbbbb' ? Promise.reject(new Error('AccessDenied')) : Promise.resolve(),
    );
    const remove = jest.spyOn(storage, 'remove');
    const result = await removeFiles(storage, ['aaaaaaaa', 'bbbbbbbb'], { attempts: 3, firstDelayMs: 1 });
    expect(result).toEqual({ removed: 1, failed: ['bbbbbbbb'] });
    expect(remove.mock.calls.filter(([k]) => k === 'bbbbbbbb')).toHaveLength(3);
  });
});
