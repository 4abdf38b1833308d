// Staff accounts in the browser: a password reset from the mailed link, two-factor sign-in
// from enrolment (QR page, recovery codes) to a sign-in with a code, and an invitation from the
// admin's Users page to the invitee's first sign-in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';
import {
  BASE,
  MAIL_API,
  api,
  expectVisible,
  loginThroughForm,
  newPage,
  toast,
  uniq,
  useBrowser,
} from './support.mjs';
import { adminPage, toast as adminToast, staffToken } from './admin-helpers.mjs';

const { authenticator } = createRequire(join(ROOT, 'backend', 'package.json'))('otplib');

/** A TOTP code `steps` periods from now (each code is accepted once). */
const totpAt = (secret, steps = 0) =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

async function register(prefix) {
  const username = uniq(prefix);
  const res = await api('/api/register', {
    method: 'POST',
    body: { username, email: `${username}@example.com`, password: 'password-123' },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { username, email: `${username}@example.com`, id: res.body.user.id };
}

/** The first link to `path` in the newest mail to `address`, pointed at the test server. */
async function mailedLink(address, path) {
  for (let i = 0; i < 60; i++) {
    const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
    const mail = inbox
      .reverse()
      .find((m) => m.to?.some((t) => t.address === address) && m.text?.includes(path));
    if (mail) {
      const url = new URL(/https?:\/\/\S+/.exec(mail.text.slice(mail.text.indexOf(path) - 80))[0]);
      return `${BASE}${url.pathname}${url.search}`;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${path} mail to ${address}`);
}

describe('staff accounts', () => {
  const chrome = useBrowser();

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    assert.ok(MAIL_API, 'the mail catcher is running');
    const person = await register('forgetful');
    const page = await newPage(chrome.browser);
    // These flows cross the site and admin remotes: allow for a slow first load of each.
    page.setDefaultTimeout(30000);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page.getByText('If an account uses that address'));

    await page.goto(await mailedLink(person.email, '/reset-password?token='));
    await expectVisible(page.getByRole('heading', { name: 'Choose a new password' }));
    await page.getByLabel('New password', { exact: true }).fill('violet-harbour-7');
    await page.getByLabel('Repeat the new password').fill('violet-harbour-7');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectVisible(page.getByText('Your password has been reset'));

    await loginThroughForm(page, person.username, 'violet-harbour-7');
    await expectVisible(toast(page, 'Login successful'));
    await page.context().close();
  });

  it('enrols in two-factor sign-in on the profile page, then signs in with a code', async () => {
    const person = await register('twofactor');
    const role = await api(`/api/admin/users/${person.id}/role`, {
      method: 'PATCH',
      body: { role: 'editor' },
      token: await staffToken(),
    });
    assert.equal(role.status, 200);

    const page = await newPage(chrome.browser);
    page.setDefaultTimeout(30000);
    await loginThroughForm(page, person.username, 'password-123');
    await expectVisible(toast(page, 'Login successful'));
    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expectVisible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByLabel('Authentication code').fill(totpAt(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n');
    assert.equal(codes.length, 10);
    await expectVisible(page.getByText(/recovery codes left/));

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/profile'));
    await loginThroughForm(page, person.username, 'password-123');
    await page.getByLabel('Code from your authenticator app').fill(totpAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectVisible(toast(page, 'Login successful'));
    await page.goto('/admin/profile');
    await expectVisible(page.getByText(/recovery codes left/));
    await page.context().close();
  });

  it('invites a person by email with a role; they set a password from the mail and sign in as that role', async () => {
    const email = `${uniq('invitee')}@example.com`;
    const admin = await adminPage(chrome.browser);
    admin.setDefaultTimeout(30000);
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    // Editor is preselected; choose another role so the test proves the choice is kept.
    await dialog.locator('.ant-select', { has: admin.getByLabel('Role') }).click();
    await admin
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Admin$/ })
      .click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectVisible(adminToast(admin, 'Invitation sent'));
    const row = admin.getByRole('row').filter({ hasText: email });
    await expectVisible(row.getByText('invited', { exact: true }));

    const link = await mailedLink(email, '/accept-invitation?token=');
    const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
    const invitation = inbox.find((m) => m.to?.some((t) => t.address === email));
    assert.match(invitation.text, /staff area as admin\./);
    const username = /Your username is (\S+)\./.exec(invitation.text)?.[1];
    assert.ok(username, 'the mail names the username');

    const page = await newPage(chrome.browser);
    page.setDefaultTimeout(30000);
    await page.goto(link);
    await expectVisible(page.getByRole('heading', { name: /^Welcome to / }));
    await page.getByLabel('New password', { exact: true }).fill('amber-lighthouse-42');
    await page.getByLabel('Repeat the new password').fill('amber-lighthouse-42');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(page.getByText('Your password is set'));
    // The link works once.
    const reused = await api('/api/invitations/accept', {
      method: 'POST',
      body: { token: new URL(link).searchParams.get('token'), password: 'another-password-99' },
    });
    assert.equal(reused.status, 400);

    await loginThroughForm(page, username, 'amber-lighthouse-42');
    await expectVisible(toast(page, 'Login successful'));
    await page.goto('/admin/profile');
    await expectVisible(page.getByText(`Signed in as ${username} (${email}), admin.`));
    // An admin's menu: the admins-only pages are there.
    await expectVisible(page.getByRole('link', { name: 'Staff' }).first());
    await page.context().close();

    await admin.reload();
    await expectVisible(
      admin.getByRole('row').filter({ hasText: email }).getByText('active', { exact: true }),
    );
    await admin.context().close();
  });
});
