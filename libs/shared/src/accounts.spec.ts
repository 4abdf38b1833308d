import {
  AUDIT_ACTIONS,
  auditActionLabel,
  STAFF_SIGN_IN_PATH,
  staffReturnPath,
  staffSignInPath,
} from './accounts';

describe('staffReturnPath', () => {
  it('keeps a page of the staff area, with its query and hash', () => {
    expect(staffReturnPath('/admin')).toBe('/admin');
    expect(staffReturnPath('/admin/projects/4f0c?tab=files#notes')).toBe(
      '/admin/projects/4f0c?tab=files#notes',
    );
    expect(staffReturnPath('/admin/queues')).toBe('/admin/queues');
  });

  it('refuses anything that could leave the staff area or the site', () => {
    for (const bad of [
      undefined,
      null,
      42,
      '',
      'admin',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '\\\\evil.example',
      '/admin\\..\\..\\x',
      '/admin/../portal',
      '/admin/%2e%2e/portal',
      '/portal',
      '/administrator',
      '/admin/login',
      '/admin/login?redirect=/admin',
      '/admin/\tx',
      'javascript:alert(1)',
      `/admin/${'x'.repeat(2001)}`,
    ]) {
      expect([bad, staffReturnPath(bad)]).toEqual([bad, '/admin']);
    }
  });

  it('builds the sign-in link, leaving out a return to the dashboard', () => {
    expect(staffSignInPath()).toBe(STAFF_SIGN_IN_PATH);
    expect(staffSignInPath('/admin')).toBe(STAFF_SIGN_IN_PATH);
    expect(staffSignInPath('/admin/messages?open=3')).toBe(
      '/admin/login?redirect=%2Fadmin%2Fmessages%3Fopen%3D3',
    );
    expect(staffSignInPath('//evil.example')).toBe(STAFF_SIGN_IN_PATH);
  });
});

describe('auditActionLabel', () => {
  it('names every recorded action in words, never as its code', () => {
    for (const action of AUDIT_ACTIONS) {
      const label = auditActionLabel(action);
      expect([action, /[._]/.test(label)]).toEqual([action, false]);
    }
    expect(auditActionLabel('service.price')).toBe('Changed a price');
  });

  it('still reads for an action added later without a label', () => {
    expect(auditActionLabel('project.on_hold')).toBe('Project on hold');
  });
});
