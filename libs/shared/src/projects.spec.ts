import {
  includedRevisionRounds,
  nextStatuses,
  PROJECT_STATUSES,
  transitionProject,
  formatMb,
  PROJECT_MESSAGES,
  ProjectActor,
  ProjectStatus,
  portalReturnPath,
  portalSignInPath,
  PROBE_WARNINGS,
  STAFF_PROBE_WARNINGS,
  warningForStaff,
} from './projects';
import { balancePence, breakdownLines, finalZipName, roundLabel } from './reviews';

describe('project transitions', () => {
  it('lets the first upload move a project to files received', () => {
    expect(transitionProject('awaiting_files', 'files_received', 'client')).toEqual({
      ok: true,
      status: 'files_received',
      changed: true,
    });
  });

  it('keeps staff-only moves away from the client', () => {
    const result = transitionProject('files_received', 'in_progress', 'client');
    expect(result).toEqual({ ok: false, reason: 'Only the studio can move a project to In progress.' });
    expect(transitionProject('awaiting_files', 'cancelled', 'client').ok).toBe(false);
    expect(transitionProject('files_received', 'in_progress', 'staff').ok).toBe(true);
  });

  it('refuses skipping ahead and leaving cancelled', () => {
    expect(transitionProject('awaiting_files', 'in_progress', 'staff')).toEqual({
      ok: false,
      reason: 'A project cannot go from Awaiting files to In progress.',
    });
    for (const to of PROJECT_STATUSES.filter((s) => s !== 'cancelled'))
      expect(transitionProject('cancelled', to, 'staff').ok).toBe(false);
  });

  it('is idempotent: asking for the current status changes nothing', () => {
    for (const s of PROJECT_STATUSES)
      expect(transitionProject(s, s, 'client')).toEqual({ ok: true, status: s, changed: false });
  });

  it('walks the review loop: version, round, next version, approval, balance, delivery', () => {
    const steps: [ProjectStatus, ProjectStatus, ProjectActor][] = [
      ['in_progress', 'in_review', 'system'],
      ['in_review', 'revision_requested', 'client'],
      ['revision_requested', 'in_progress', 'staff'],
      ['in_progress', 'in_review', 'staff'],
      ['in_review', 'revision_requested', 'client'],
      ['revision_requested', 'in_review', 'system'],
      ['in_review', 'approved', 'client'],
      ['approved', 'paid', 'system'],
      ['paid', 'delivered', 'system'],
      ['delivered', 'closed', 'staff'],
    ];
    for (const [from, to, actor] of steps)
      expect([from, to, transitionProject(from, to, actor)]).toEqual([
        from,
        to,
        { ok: true, status: to, changed: true },
      ]);
  });

  it('keeps payment and approval to the ones who may do them', () => {
    expect(transitionProject('approved', 'paid', 'staff').ok).toBe(false);
    expect(transitionProject('approved', 'paid', 'client').ok).toBe(false);
    expect(transitionProject('in_review', 'approved', 'staff').ok).toBe(false);
    expect(transitionProject('in_progress', 'approved', 'client').ok).toBe(false);
    expect(transitionProject('revision_requested', 'approved', 'client').ok).toBe(false);
    // Money taken is refunded, not cancelled; a delivered project does not go back.
    expect(transitionProject('paid', 'cancelled', 'staff').ok).toBe(false);
    expect(transitionProject('delivered', 'in_review', 'staff').ok).toBe(false);
    expect(transitionProject('closed', 'delivered', 'staff').ok).toBe(false);
    expect(transitionProject('in_review', 'on_hold', 'staff').ok).toBe(true);
    expect(transitionProject('on_hold', 'in_review', 'staff').ok).toBe(true);
  });

  it('refuses a status it does not know', () => {
    expect(transitionProject('awaiting_files', 'shipped' as never, 'staff')).toEqual({
      ok: false,
      reason: 'Unknown status "shipped".',
    });
  });

  it('lists the next statuses staff may choose', () => {
    expect(nextStatuses('awaiting_files')).toEqual(['files_received', 'on_hold', 'cancelled']);
    expect(nextStatuses('on_hold')).toEqual([
      'awaiting_files',
      'files_received',
      'in_progress',
      'in_review',
      'cancelled',
    ]);
    expect(nextStatuses('in_review')).toEqual(['in_progress', 'on_hold', 'cancelled']);
    expect(nextStatuses('in_review', 'client')).toEqual(['revision_requested', 'approved']);
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

describe('portal sign-in return paths', () => {
  const project = '/portal/projects/8d1f0c0e-1111-4222-8333-444455556666';

  it('returns to the portal or one of its projects, nowhere else', () => {
    expect(portalReturnPath(project)).toBe(project);
    expect(portalReturnPath('/portal')).toBe('/portal');
    for (const next of [
      undefined,
      '',
      'https://evil.example/portal',
      '//evil.example',
      '/admin',
      '/portal/projects/x',
      `${project}/../../admin`,
      42,
    ])
      expect(portalReturnPath(next)).toBe('/portal');
  });

  it('puts the return path on the sign-in page only when it is a project', () => {
    expect(portalSignInPath(project)).toBe(`/portal/sign-in?next=${project}`);
    expect(portalSignInPath('/portal')).toBe('/portal/sign-in');
    expect(portalSignInPath('/admin')).toBe('/portal/sign-in');
  });
});

describe('upload messages', () => {
  it('names the limit in gigabytes when it is a whole number of them', () => {
    expect(formatMb(2048)).toBe('2 GB');
    expect(formatMb(5)).toBe('5 MB');
    expect(PROJECT_MESSAGES.fileTooLarge(2048)).toBe('This file is larger than the 2 GB limit for one file.');
  });
});

describe('balance and rounds', () => {
  it('is the quoted price less the deposit plus extras, never negative', () => {
    expect(balancePence(8000, 4000, 0)).toBe(4000);
    expect(balancePence(8000, 4000, 2500)).toBe(6500);
    expect(balancePence(4000, 4000, 0)).toBe(0);
    expect(balancePence(1000, 4000, 0)).toBe(0);
  });

  it('labels rounds as N of M, and extra ones as extra', () => {
    expect(roundLabel(1, 2)).toBe('round 1 of 2');
    expect(roundLabel(3, 2)).toBe('extra round 1 (beyond the 2 included)');
  });

  it('breaks the balance down into quote, deposit paid, extras and the balance due, adding up', () => {
    const lines = breakdownLines({
      quotedPence: 6000,
      discountPence: 0,
      depositPence: 3000,
      extras: [{ label: 'Extra revision round 1', pence: 2500 }],
      balancePence: 5500,
    });
    expect(lines).toEqual([
      { label: 'Quote', pence: 6000 },
      { label: 'Deposit paid', pence: -3000 },
      { label: 'Extra revision round 1', pence: 2500 },
      { label: 'Balance due', pence: 5500, total: true },
    ]);
    const parts = lines.filter((l) => !l.total).reduce((n, l) => n + l.pence, 0);
    expect(parts).toBe(5500);
    expect(
      breakdownLines({
        quotedPence: 7200,
        discountPence: 800,
        depositPence: 3600,
        extras: [],
        balancePence: 3600,
      })[0].label,
    ).toBe('Quote (after a £8 discount)');
  });

  it('names the final ZIP after the project and the service', () => {
    expect(
      finalZipName({ customerName: 'Ada Lovelace', customerEmail: 'a@x.com', serviceName: 'Mix & Master' }),
    ).toBe('ada-lovelace-mix-master-final.zip');
    expect(finalZipName({ customerName: null, customerEmail: 'dj.bee@x.com', serviceName: 'Mix' })).toBe(
      'djbee-mix-final.zip',
    );
    expect(finalZipName({ customerName: '★', customerEmail: '✓@x.com', serviceName: '' })).toBe(
      'project-mix-final.zip',
    );
  });
});

describe('warningForStaff', () => {
  it('puts the client-facing checks in staff wording, keeping the details', () => {
    expect(warningForStaff(`${PROBE_WARNINGS.sampleRates}: 44100 Hz, 48000 Hz.`)).toBe(
      'The stems use different sample rates: 44100 Hz, 48000 Hz.',
    );
    expect(warningForStaff(`${PROBE_WARNINGS.lengths}: 1.0 s to 4.0 s.`)).toBe(
      'The stems have different lengths: 1.0 s to 4.0 s.',
    );
    expect(warningForStaff(PROBE_WARNINGS.lossy)).toMatch(/^This is a lossy file .*Ask the client/);
    for (const w of Object.values(STAFF_PROBE_WARNINGS)) expect(w).not.toMatch(/\byour\b/i);
    expect(warningForStaff('Something else.')).toBe('Something else.');
  });
});
