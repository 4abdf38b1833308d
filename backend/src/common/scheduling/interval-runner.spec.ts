import { IntervalRunner } from './interval-runner';

describe('IntervalRunner', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the task every period and stops when told', async () => {
    const task = jest.fn().mockResolvedValue(undefined);
    const runner = new IntervalRunner('test sweep', 1000, task);
    runner.start();
    await jest.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(3);
    runner.stop();
    await jest.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('skips a tick while the previous run is still going, and survives a failing run', async () => {
    let finish: () => void = () => undefined;
    const task = jest
      .fn()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockRejectedValueOnce(new Error('storage away'))
      .mockResolvedValue(undefined);
    const runner = new IntervalRunner('test sweep', 1000, task);
    runner.start({ runNow: true });
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2500);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(3);
    runner.stop();
  });
});
