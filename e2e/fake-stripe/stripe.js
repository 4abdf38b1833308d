/* global window, document */
/**
 * A stand-in for Stripe.js, served by the browser tests in place of https://js.stripe.com/…
 * (the real script cannot load offline). It implements what @stripe/stripe-js (loadStripe) and
 * @stripe/react-stripe-js (<Elements>, <PaymentElement>, useStripe, useElements) call:
 * Stripe(pk) with elements(), createToken, createPaymentMethod, confirmCardPayment (checked by
 * react-stripe-js's isStripe), confirmPayment, retrievePaymentIntent, registerAppInfo and
 * _registerWrapper; elements.create/getElement/update/submit/fetchUpdates; and elements that
 * mount, emit 'ready' and 'change', update, unmount and destroy.
 *
 * The fake card field holds a card number. 4242 4242 4242 4242 (the default) succeeds;
 * 4000 0000 0000 0002 is declined, as with Stripe's own test cards.
 *
 * Tests can steer and inspect it through window.__fakeStripe (set it in page.addInitScript):
 *   intentStatus  status retrievePaymentIntent reports (default 'succeeded')
 *   amount        amount retrievePaymentIntent reports, in pence (default 5000)
 *   calls         every call made, as { name, args } (read it with page.evaluate)
 */
(function () {
  'use strict';

  var DECLINED_CARD = '4000000000000002';
  var state = (window.__fakeStripe = Object.assign(
    { intentStatus: 'succeeded', amount: 5000, currency: 'gbp', calls: [] },
    window.__fakeStripe || {},
  ));
  if (!Array.isArray(state.calls)) state.calls = [];

  function record(name, args) {
    try {
      state.calls.push({ name: name, args: JSON.parse(JSON.stringify(args === undefined ? null : args)) });
    } catch {
      state.calls.push({ name: name, args: null });
    }
  }

  function intentIdFrom(clientSecret) {
    return String(clientSecret || 'pi_fake').split('_secret_')[0];
  }

  function createEmitter() {
    var handlers = {};
    return {
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return this;
      },
      once: function (event, handler) {
        var wrapped = function () {
          (handlers[event] || []).splice((handlers[event] || []).indexOf(wrapped), 1);
          handler.apply(null, arguments);
        };
        (handlers[event] = handlers[event] || []).push(wrapped);
        return this;
      },
      off: function (event, handler) {
        if (!handlers[event]) return this;
        handlers[event] = handler
          ? handlers[event].filter(function (h) {
              return h !== handler;
            })
          : [];
        return this;
      },
      emit: function (event, payload) {
        (handlers[event] || []).slice().forEach(function (h) {
          h(payload);
        });
      },
    };
  }

  function createElement(type, options, group) {
    var emitter = createEmitter();
    var root = null;
    var input = null;
    var element = {
      type: type,
      options: options || {},
      mount: function (target) {
        record('element.mount', { type: type });
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Fake Stripe: mount target not found');
        root = document.createElement('div');
        root.setAttribute('data-testid', 'fake-stripe-' + type + '-element');
        root.className = 'fake-stripe-element';
        var label = document.createElement('label');
        label.textContent = 'Card number';
        input = document.createElement('input');
        input.name = 'cardnumber';
        input.setAttribute('aria-label', 'Card number');
        input.setAttribute('data-testid', 'fake-stripe-card-number');
        input.autocomplete = 'cc-number';
        input.value = '4242 4242 4242 4242';
        input.addEventListener('input', function () {
          var digits = input.value.replace(/\D/g, '');
          emitter.emit('change', {
            elementType: type,
            empty: digits.length === 0,
            complete: digits.length >= 16,
            value: { type: 'card' },
          });
        });
        input.addEventListener('focus', function () {
          emitter.emit('focus', { elementType: type });
        });
        input.addEventListener('blur', function () {
          emitter.emit('blur', { elementType: type });
        });
        label.appendChild(input);
        root.appendChild(label);
        host.appendChild(root);
        group.mounted = element;
        // Real elements report ready asynchronously, after their iframe has loaded.
        setTimeout(function () {
          emitter.emit('ready', { elementType: type });
          emitter.emit('change', {
            elementType: type,
            empty: false,
            complete: true,
            value: { type: 'card' },
          });
        }, 0);
        return element;
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
      },
      destroy: function () {
        element.unmount();
        if (group.mounted === element) group.mounted = null;
        delete group.byType[type];
      },
      update: function (opts) {
        record('element.update', opts);
        Object.assign(element.options, opts || {});
      },
      focus: function () {
        if (input) input.focus();
      },
      blur: function () {
        if (input) input.blur();
      },
      clear: function () {
        if (input) {
          input.value = '';
          input.dispatchEvent(new Event('input'));
        }
      },
      collapse: function () {},
      on: function (e, h) {
        emitter.on(e, h);
        return element;
      },
      once: function (e, h) {
        emitter.once(e, h);
        return element;
      },
      off: function (e, h) {
        emitter.off(e, h);
        return element;
      },
      cardNumber: function () {
        return input ? input.value.replace(/\D/g, '') : '';
      },
    };
    return element;
  }

  function createElements(options) {
    var group = { options: Object.assign({}, options || {}), byType: {}, mounted: null };
    var elements = {
      _group: group,
      create: function (type, opts) {
        record('elements.create', { type: type, options: opts });
        var el = createElement(type, opts, group);
        group.byType[type] = el;
        return el;
      },
      getElement: function (type) {
        return group.byType[typeof type === 'string' ? type : 'payment'] || null;
      },
      update: function (opts) {
        record('elements.update', opts);
        Object.assign(group.options, opts || {});
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        record('elements.submit', null);
        return Promise.resolve({});
      },
      on: function () {},
      off: function () {},
    };
    return elements;
  }

  function declined(elements) {
    var el = elements && elements._group && elements._group.mounted;
    return Boolean(el && el.cardNumber() === DECLINED_CARD);
  }

  function declineError() {
    return {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    };
  }

  function fakeIntent(clientSecret, status) {
    return {
      id: intentIdFrom(clientSecret),
      object: 'payment_intent',
      status: status,
      amount: state.amount,
      currency: state.currency,
      client_secret: clientSecret,
    };
  }

  function Stripe(publishableKey, options) {
    record('Stripe', { publishableKey: publishableKey, options: options });
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Fake Stripe: a publishable key (pk_…) is required');
    }
    var notSupported = function () {
      return Promise.resolve({
        error: { type: 'invalid_request_error', message: 'Not supported by the fake Stripe.js' },
      });
    };
    return {
      _publishableKey: publishableKey,
      elements: function (opts) {
        record('stripe.elements', opts);
        return createElements(opts);
      },
      confirmPayment: function (params) {
        params = params || {};
        var elements = params.elements;
        var clientSecret = params.clientSecret || (elements && elements._group.options.clientSecret);
        var returnUrl = params.confirmParams && params.confirmParams.return_url;
        record('stripe.confirmPayment', {
          clientSecret: clientSecret,
          return_url: returnUrl,
          redirect: params.redirect,
        });
        if (!clientSecret) {
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'Missing clientSecret.' },
          });
        }
        if (declined(elements)) return Promise.resolve(declineError());
        if (params.redirect === 'if_required') {
          return Promise.resolve({ paymentIntent: fakeIntent(clientSecret, 'succeeded') });
        }
        if (!returnUrl) {
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'Missing confirmParams.return_url.' },
          });
        }
        var url = new URL(returnUrl, window.location.href);
        url.searchParams.set('payment_intent', intentIdFrom(clientSecret));
        url.searchParams.set('payment_intent_client_secret', clientSecret);
        url.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(url.toString());
        // Like the real one: the page navigates away, so the promise never settles.
        return new Promise(function () {});
      },
      retrievePaymentIntent: function (clientSecret) {
        record('stripe.retrievePaymentIntent', { clientSecret: clientSecret });
        return Promise.resolve({ paymentIntent: fakeIntent(clientSecret, state.intentStatus) });
      },
      confirmCardPayment: function (clientSecret) {
        record('stripe.confirmCardPayment', { clientSecret: clientSecret });
        return Promise.resolve({ paymentIntent: fakeIntent(clientSecret, 'succeeded') });
      },
      createToken: notSupported,
      createPaymentMethod: notSupported,
      redirectToCheckout: notSupported,
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  // @stripe/stripe-js compares this with the release it expects and warns on a mismatch.
  Stripe.version = 'basil';

  window.Stripe = Stripe;
})();
