/**
 * Short-lived signed URLs for previews and downloads. A URL names what it opens, when it
 * expires and whom it is for: the client's portal session (a hash of the session cookie; the
 * same URL from another browser is refused) or staff ('staff', for the admin page's player). The
 * signature is an HMAC keyed from the app secret, compared in constant time.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PORTAL, REVIEW, REVIEW_MESSAGES } from '@studio/shared';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

export type UrlHolder = { session: string } | { staff: true };

export interface SignedQuery {
  exp?: string;
  sig?: string;
  for?: string;
}

const bindingOf = (holder: UrlHolder) =>
  'staff' in holder ? 'staff' : `s:${createHash('sha256').update(holder.session).digest('hex').slice(0, 32)}`;

@Injectable()
export class ReviewUrls {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('review-urls/v1').digest();
  }

  /** `path` plus `?exp=…&for=…&sig=…`, valid for REVIEW.urlMinutes. */
  sign(path: string, holder: UrlHolder, now = Date.now()): { url: string; expiresAt: string } {
    const exp = Math.floor(now / 1000) + REVIEW.urlMinutes * 60;
    const forWhom = 'staff' in holder ? 'staff' : 'client';
    const sig = this.mac(path, exp, bindingOf(holder));
    return {
      url: `${path}?exp=${exp}&for=${forWhom}&sig=${sig}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * Checks a request's URL: 403 when expired, altered, or signed for another session. Returns
   * who it was signed for.
   */
  verify(
    path: string,
    q: SignedQuery,
    cookies: Record<string, string | undefined> | undefined,
  ): 'staff' | 'client' {
    const exp = Number(q.exp);
    const session = cookies?.[PORTAL.cookieName];
    const holder: UrlHolder | null =
      q.for === 'staff' ? { staff: true } : q.for === 'client' && session ? { session } : null;
    if (!holder || !Number.isInteger(exp) || exp * 1000 < Date.now() || typeof q.sig !== 'string')
      throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    const expected = Buffer.from(this.mac(path, exp, bindingOf(holder)));
    const given = Buffer.from(q.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    return 'staff' in holder ? 'staff' : 'client';
  }

  private mac(path: string, exp: number, binding: string): string {
    return createHmac('sha256', this.key).update(`${path}\n${exp}\n${binding}`).digest('base64url');
  }
}
