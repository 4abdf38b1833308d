/**
 * Passwordless sign-in for clients. A link carries a random token; only its SHA-256 is stored,
 * it lives 30 minutes and works once, and a newer link to the same address revokes the older
 * ones (a link found in an old mail is dead). The page the link opens POSTs the token (a mail scanner's
 * GET does not use it up), and the answer sets a portal session cookie that is separate from the
 * staff JWT and names one client email. Asking for a link always gets the same answer. A link
 * may carry where to go afterwards (`?next=`, the portal or one of its projects only), so every
 * mail about a project opens that project.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PORTAL, portalProjectPath, portalSignInPath, PROJECT_MESSAGES } from '@studio/shared';
import { createHash, randomBytes } from 'node:crypto';
import { badRequest } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { PortalTokensRepository } from './portal-tokens.repository';
import { ProjectsRepository } from './projects.repository';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

@Injectable()
export class PortalAuthService {
  private readonly logger = new Logger(PortalAuthService.name);

  constructor(
    private readonly tokens: PortalTokensRepository,
    private readonly projects: ProjectsRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A fresh sign-in URL for `email` (the page at /portal/sign-in reads the token) that returns
   * the client to `next` afterwards: the project a mail is about, or the portal. Older links to
   * the address stop working.
   */
  async createLink(email: string, next?: string): Promise<string> {
    const token = newToken();
    await this.tokens.replaceLinks(
      hashToken(token),
      email,
      new Date(Date.now() + PORTAL.linkMinutes * 60_000),
    );
    return `${this.config.publicUrl}${portalSignInPath(next)}#token=${token}`;
  }

  /** A sign-in URL that lands on one project's page. */
  projectLink(email: string, projectId: string): Promise<string> {
    return this.createLink(email, portalProjectPath(projectId));
  }

  /**
   * The project's page without a token: it opens at once while the client's session lasts and
   * through the sign-in form (which mails a link back to the same page) once it has ended.
   */
  projectUrl(projectId: string): string {
    return `${this.config.publicUrl}${portalProjectPath(projectId)}`;
  }

  /**
   * Mails a link when the address has a project. The work happens after the answer, so neither
   * the answer nor its timing tells whether the address is known.
   */
  requestLink(rawEmail: string, next?: string): { success: true; message: string } {
    const email = rawEmail.trim().toLowerCase();
    void this.sendLink(email, next).catch((err: Error) =>
      this.logger.error(`Could not send a portal link: ${err.message}`),
    );
    return { success: true, message: PROJECT_MESSAGES.linkSent };
  }

  /** Used by tests and the HTTP layer to wait for the background work of requestLink. */
  async sendLink(email: string, next?: string): Promise<void> {
    if (!(await this.projects.existsForEmail(email))) return;
    const link = await this.createLink(email, next);
    await this.mail.enqueueQuietly({
      template: 'portal-link',
      to: email,
      subject: 'Your sign-in link to the client portal',
      context: { signInUrl: link, minutes: PORTAL.linkMinutes },
    });
  }

  /** Uses up a link and opens a session; returns the session token and the client's email. */
  async consume(token: string): Promise<{ session: string; email: string; maxAgeSec: number }> {
    const email = token.length <= 200 ? await this.tokens.consumeLink(hashToken(token)) : null;
    if (!email) throw badRequest(PROJECT_MESSAGES.linkInvalid, 'LINK_INVALID');
    const session = newToken();
    const maxAgeSec = PORTAL.sessionDays * 86_400;
    await this.tokens.insert(hashToken(session), 'session', email, new Date(Date.now() + maxAgeSec * 1000));
    void this.tokens.purgeExpired().catch(() => undefined);
    return { session, email, maxAgeSec };
  }

  async emailForSession(session: string | undefined): Promise<string | null> {
    if (!session || session.length > 200) return null;
    return this.tokens.sessionEmail(hashToken(session));
  }

  async signOut(session: string | undefined): Promise<void> {
    if (session) await this.tokens.endSession(hashToken(session));
  }
}
