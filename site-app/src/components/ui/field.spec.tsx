import { renderToStaticMarkup } from 'react-dom/server';
import { Field, InputField, TextAreaField, validationProps } from './field';

describe('Field', () => {
  it('puts the label, the control, the hint and the error in that order, with ids from the control', () => {
    const html = renderToStaticMarkup(
      <Field id="contact-message" label="Message" hint="Tell us about it." error="Too short">
        <textarea id="contact-message" {...validationProps('contact-message', 'Too short', true)} />
      </Field>,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="contact-message">Message</label>' +
        '<textarea id="contact-message" aria-invalid="true" aria-describedby="contact-message-error contact-message-hint"></textarea>' +
        '<p id="contact-message-hint" class="field__hint">Tell us about it.</p>' +
        '<p id="contact-message-error" class="field__error">Too short</p></div>',
    );
  });

  it('shows no hint or error it was not given, and a valid control is described by nothing or its hint', () => {
    const html = renderToStaticMarkup(
      <Field id="login-username" label="Username or Email">
        <input id="login-username" />
      </Field>,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="login-username">Username or Email</label>' +
        '<input id="login-username"/></div>',
    );
    expect(validationProps('comment-content', undefined)).toEqual({
      'aria-invalid': false,
      'aria-describedby': undefined,
    });
    expect(validationProps('contact-message', null, true)['aria-describedby']).toBe('contact-message-hint');
  });

  it('gives a validated control aria-invalid and its error, and any other control only its hint', () => {
    const validated = renderToStaticMarkup(
      <TextAreaField
        id="contact-message"
        label="Message"
        hint="Tell us about it."
        error="Too short"
        validated
      />,
    );
    expect(validated).toContain(
      '<textarea id="contact-message" class="field__input field__textarea" aria-invalid="true" aria-describedby="contact-message-error contact-message-hint"></textarea>',
    );
    const plain = renderToStaticMarkup(
      <InputField id="login-code" label="Code" hint="Or a recovery code." />,
    );
    expect(plain).toContain(
      '<input id="login-code" class="field__input" aria-describedby="login-code-hint"/>',
    );
    const own = renderToStaticMarkup(
      <InputField id="booking-referral-code" label="Code" aria-describedby="referral-status" />,
    );
    expect(own).toContain(
      '<input id="booking-referral-code" class="field__input" aria-describedby="referral-status"/>',
    );
  });
});
