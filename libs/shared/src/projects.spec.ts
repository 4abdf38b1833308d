import {
  includedRevisionRounds,
  nextStatuses,
  PROJECT_STATUSES,
  transitionProject,
  formatMb,
  PROJECT_MESSAGES,
} from './projects';

describe('project transitions', () => {
  it('lets the first upload move a project to files received', () => {
    expect(transitionProject('awaiting_files', 'files_received', 'client')).toEqual({
      ok: true,
      status: 'files_received',
    });
  });

  it('keeps staff-only moves away from the client', () => {
    const result = transitionProject('files_received', 'in_progress', 'client');
    expect(result).toEqual({ ok: false, reason: 'Only the studio can move a project to In progress.' });
    expect(transitionProject('awaiting_files', 'cancelled', 'client').ok).toBe(false);
    expect(transitionProject('files_received', 'in_progress', 'staff').ok).toBe(true);
  });

  it('refuses skipping ahead, staying put and leaving cancelled', () => {
    expect(transitionProject('awaiting_files', 'in_progress', 'staff')).toEqual({
      ok: false,
      reason: 'A project cannot go from Awaiting files to In progress.',
    });
    expect(transitionProject('on_hold', 'on_hold', 'staff').ok).toBe(false);
    for (const to of PROJECT_STATUSES) expect(transitionProject('cancelled', to, 'staff').ok).toBe(false);
  });

  it('refuses a status it does not know', () => {
    expect(transitionProject('awaiting_files', 'delivered' as never, 'staff')).toEqual({
      ok: false,
      reason: 'Unknown status "delivered".',
    });
  });

  it('lists the next statuses staff may choose', () => {
    expect(nextStatuses('awaiting_files')).toEqual(['files_received', 'on_hold', 'cancelled']);
    expect(nextStatuses('on_hold')).toEqual(['awaiting_files', 'files_received', 'in_progress', 'cancelled']);
    expect(nextStatuses('cancelled')).toEqual([]);
  });
});

describe('revision rounds', () => {
  it('follows the price list, per song for the bulk deal', () => {
    expect(includedRevisionRounds('Mix')).toBe(2);
    expect(includedRevisionRounds('Mix & Master')).toBe(3);
    expect(includedRevisionRounds('Master')).toBe(1);
    expect(includedRevisionRounds('5 Songs Mix & Master')).toBe(15);
    expect(includedRevisionRounds('Custom Payment')).toBe(0);
  });
});

describe('upload messages', () => {
  it('names the limit in gigabytes when it is a whole number of them', () => {
    expect(formatMb(2048)).toBe('2 GB');
    expect(formatMb(5)).toBe('5 MB');
    expect(PROJECT_MESSAGES.fileTooLarge(2048)).toBe('This file is larger than the 2 GB limit for one file.');
  });
});
