/**
 * Short-lived signed URLs for previews and downloads. A URL names what it opens, when it
 * expires and whom it is for: the client's portal session (a hash of the session cookie), or a
 * staff session (a hash of its id, named by the staff preview pass cookie, for the admin page's
 * player). The same URL from another browser is refused either way. The signature is an HMAC
 * keyed from the app secret, compared in constant time, and checked before anything is looked
 * up: every URL that is not ours, or not this browser's, gets the same 403.
 */
import { Inject, Injectable } from '@nestjs/common';
import { REVIEW, REVIEW_MESSAGES } from '@studio/shared';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

export type UrlHolder = { session: string } | { staffSession: string };

/** What the request carries that a URL may be bound to: the portal session, a staff session id. */
export interface RequestHolders {
  session?: string;
  staffSession?: string;
}

export interface SignedQuery {
  exp?: string;
  sig?: string;
  for?: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const bindingOf = (holder: UrlHolder) =>
  'staffSession' in holder ? `t:${digest(holder.staffSession)}` : `s:${digest(holder.session)}`;

@Injectable()
export class ReviewUrls {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('review-urls/v1').digest();
  }

  /** `path` plus `?exp=…&for=…&sig=…`, valid for REVIEW.urlMinutes. */
  sign(path: string, holder: UrlHolder, now = Date.now()): { url: string; expiresAt: string } {
    const exp = Math.floor(now / 1000) + REVIEW.urlMinutes * 60;
    const forWhom = 'staffSession' in holder ? 'staff' : 'client';
    const sig = this.mac(path, exp, bindingOf(holder));
    return {
      url: `${path}?exp=${exp}&for=${forWhom}&sig=${sig}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * Checks a request's URL against what the request carries: 403 when expired, altered, or
   * signed for another session. Returns who it was signed for.
   */
  verify(path: string, q: SignedQuery, holders: RequestHolders): 'staff' | 'client' {
    const exp = Number(q.exp);
    const { session, staffSession } = holders;
    const holder: UrlHolder | null =
      q.for === 'staff' && staffSession
        ? { staffSession }
        : q.for === 'client' && session
          ? { session }
          : null;
    if (!holder || !Number.isInteger(exp) || exp * 1000 < Date.now() || typeof q.sig !== 'string')
      throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    const expected = Buffer.from(this.mac(path, exp, bindingOf(holder)));
    const given = Buffer.from(q.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    return 'staffSession' in holder ? 'staff' : 'client';
  }

  private mac(path: string, exp: number, binding: string): string {
    return createHmac('sha256', this.key).update(`${path}\n${exp}\n${binding}`).digest('base64url');
  }
}
