import { CONTACT_SERVICES, MESSAGES } from '@studio/shared';
import {
  CONTACT_MESSAGES,
  matchBookableService,
  prefilledMessage,
  resolveRequestedService,
  serviceLabel,
  validateContact,
  type ContactValues,
} from './contact-schema';

const valid: ContactValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  service: 'mix',
  message: 'Please mix my new single.',
};

describe('contact form schema (spec §5)', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('needs a name of 2 to 100 characters, after trimming', () => {
    expect(validateContact({ ...valid, name: 'A' }).name).toBe(CONTACT_MESSAGES.name);
    expect(validateContact({ ...valid, name: '  A  ' }).name).toBe(CONTACT_MESSAGES.name);
    expect(validateContact({ ...valid, name: 'Al' }).name).toBeUndefined();
    expect(validateContact({ ...valid, name: 'x'.repeat(100) }).name).toBeUndefined();
    expect(validateContact({ ...valid, name: 'x'.repeat(101) }).name).toBe(CONTACT_MESSAGES.name);
  });

  it('needs a valid email of 5 to 100 characters', () => {
    for (const email of ['', 'ada', 'ada@', 'ada@example', 'a@b.', `${'x'.repeat(95)}@ex.com`]) {
      expect(validateContact({ ...valid, email }).email).toBe(CONTACT_MESSAGES.email);
    }
    expect(validateContact({ ...valid, email: 'a@b.co' }).email).toBeUndefined();
  });

  it('needs a message of 10 to 1000 characters', () => {
    expect(validateContact({ ...valid, message: 'Too short' }).message).toBe(CONTACT_MESSAGES.message);
    expect(validateContact({ ...valid, message: 'x'.repeat(10) }).message).toBeUndefined();
    expect(validateContact({ ...valid, message: 'x'.repeat(1000) }).message).toBeUndefined();
    expect(validateContact({ ...valid, message: 'x'.repeat(1001) }).message).toBe(CONTACT_MESSAGES.message);
  });

  it("needs one of the list's services, with the spec's message", () => {
    for (const s of CONTACT_SERVICES)
      expect(validateContact({ ...valid, service: s.value }).service).toBeUndefined();
    expect(validateContact({ ...valid, service: '' }).service).toBe(MESSAGES.contactService);
    expect(validateContact({ ...valid, service: 'production' }).service).toBe(
      'Please select a valid service',
    );
  });

  it('reports every bad field at once', () => {
    expect(Object.keys(validateContact({ name: '', email: '', service: '', message: '' })).sort()).toEqual([
      'email',
      'message',
      'name',
      'service',
    ]);
  });
});

describe('the service query parameter (spec §2)', () => {
  it('maps labels and form values alike', () => {
    expect(resolveRequestedService('Mix & Master')).toEqual({ value: 'mix-master', name: 'Mix & Master' });
    expect(resolveRequestedService('mix-master')).toEqual({ value: 'mix-master', name: 'Mix & Master' });
    expect(resolveRequestedService('  free MIX ')).toEqual({ value: 'free-mix', name: 'Free Mix' });
    expect(resolveRequestedService('master')).toEqual({ value: 'master', name: 'Master' });
  });

  it('reads a bulk plan of the catalogue as the bulk deal, keeping its name', () => {
    const plans = [
      { name: '5 Songs Mix & Master', isBulkDeal: true },
      { name: 'Stem Mastering', isBulkDeal: false },
    ];
    expect(resolveRequestedService('5 Songs Mix & Master', plans)).toEqual({
      value: 'bulk-deal',
      name: '5 Songs Mix & Master',
    });
    expect(resolveRequestedService('5 Songs Mix & Master')).toBeNull();
    expect(resolveRequestedService('Stem Mastering', plans)).toBeNull();
  });

  it('ignores a missing or unknown service', () => {
    expect(resolveRequestedService(null)).toBeNull();
    expect(resolveRequestedService('')).toBeNull();
    expect(resolveRequestedService('karaoke')).toBeNull();
  });

  it('prefills the message with the service name', () => {
    expect(prefilledMessage('Mix & Master')).toBe(
      "I'm interested in the Mix & Master service. Please let me know the next steps.",
    );
  });

  it('matches a bookable service by name, ignoring case and spacing', () => {
    const services = [
      { id: 1, name: 'Mix' },
      { id: 2, name: 'Mix & Master' },
    ];
    expect(matchBookableService(services, 'mix & master')?.id).toBe(2);
    expect(matchBookableService(services, serviceLabel('mix') ?? '')?.id).toBe(1);
    expect(matchBookableService(services, 'Free Mix')).toBeUndefined();
  });
});
