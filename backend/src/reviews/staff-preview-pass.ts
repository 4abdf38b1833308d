/**
 * How staff listen to previews on the project page. Asking for a preview URL (an admin, signed
 * in) also sets a pass: a short-lived httpOnly cookie, scoped to the previews' path, naming the
 * admin's session. The URL is bound to that session (ReviewUrls), so it plays only in that
 * admin's browser, and only while the session is open and its account still an admin; a URL
 * copied anywhere else is a 403, like a client's.
 *
 * The pass is signed with a key of its own (not the session tokens' key), so it opens nothing
 * but previews, and it lives REVIEW.urlMinutes, as the URLs do.
 */
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { REVIEW } from '@studio/shared';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SessionsService } from '../sessions/sessions.service';

export interface StaffPass {
  /** The staff account. */
  sub: number;
  /** Its session (auth_sessions). */
  sid: string;
}

export const STAFF_PASS_SECONDS = REVIEW.urlMinutes * 60;

@Injectable()
export class StaffPreviewPass {
  private readonly secret: string;

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secret = createHmac('sha256', config.jwtSecret).update('staff-preview-pass/v1').digest('base64url');
  }

  issue(pass: StaffPass): Promise<string> {
    return this.jwt.signAsync(
      { sub: pass.sub, sid: pass.sid, typ: 'preview' },
      { secret: this.secret, expiresIn: STAFF_PASS_SECONDS },
    );
  }

  /** The session a pass names, from its signature and expiry alone (nothing is looked up). */
  async read(token: string | undefined): Promise<StaffPass | null> {
    if (!token) return null;
    try {
      const p = await this.jwt.verifyAsync<Partial<StaffPass> & { typ?: string }>(token, {
        secret: this.secret,
      });
      return p.typ === 'preview' && typeof p.sub === 'number' && typeof p.sid === 'string'
        ? { sub: p.sub, sid: p.sid }
        : null;
    } catch {
      return null;
    }
  }

  /** Whether the pass's session is still open and its account still an admin. */
  async isLive(pass: StaffPass): Promise<boolean> {
    const user = await this.sessions.resolve(pass);
    return user?.role === 'admin';
  }
}
