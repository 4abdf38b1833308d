import { act, renderHook } from '@testing-library/react';
import { autosaveDelay, autosaveInterval, AUTOSAVE_INTERVAL_MS, useAutosave } from './use-autosave';

describe('useAutosave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves one interval after the last save, then waits a full interval after each try', async () => {
    const save = jest.fn().mockResolvedValue(false);
    const lastSavedAt = Date.now();
    renderHook(() => useAutosave({ eligible: true, save, lastSavedAt, intervalMs: 1000 }));

    await act(async () => void jest.advanceTimersByTime(999));
    expect(save).not.toHaveBeenCalled();
    await act(async () => void jest.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);

    // The save failed (resolved false): the next try is a whole interval later, not at once.
    await act(async () => void jest.advanceTimersByTime(999));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => void jest.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does nothing while there is nothing to save', async () => {
    const save = jest.fn().mockResolvedValue(true);
    const lastSavedAt = Date.now();
    const { rerender } = renderHook(
      (eligible: boolean) => useAutosave({ eligible, save, lastSavedAt, intervalMs: 1000 }),
      { initialProps: false },
    );
    await act(async () => void jest.advanceTimersByTime(5000));
    expect(save).not.toHaveBeenCalled();
    rerender(true);
    // Eligible again long after the last save: due at once.
    await act(async () => void jest.advanceTimersByTime(0));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('counts from the later of the last save and the last try', () => {
    expect(autosaveDelay(10_000, 0, 12_000, 30_000)).toBe(28_000);
    expect(autosaveDelay(10_000, 20_000, 21_000, 30_000)).toBe(29_000);
    expect(autosaveDelay(0, 0, 99_000, 30_000)).toBe(0);
  });

  it('uses 30 s unless a browser test set a shorter interval on the page', () => {
    expect(autosaveInterval()).toBe(AUTOSAVE_INTERVAL_MS);
    window.__studioAutosaveIntervalMs = 2000;
    expect(autosaveInterval()).toBe(2000);
    window.__studioAutosaveIntervalMs = -1;
    expect(autosaveInterval()).toBe(AUTOSAVE_INTERVAL_MS);
    delete window.__studioAutosaveIntervalMs;
  });
});
