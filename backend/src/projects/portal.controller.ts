import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { PORTAL } from '@studio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicThrottle } from '../common/guards/public-throttle';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PortalLinkDto, PortalSessionDto } from './dto/portal.dto';
import { PortalAuthService } from './portal-auth.service';
import { PortalEmail, PortalSessionGuard } from './portal-session.guard';
import { ProjectsService } from './projects.service';

/** The client portal's API: sign-in by mailed link, then the signed-in client's own projects. */
@Controller('api/portal')
export class PortalController {
  constructor(
    private readonly auth: PortalAuthService,
    private readonly projects: ProjectsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('link')
  @HttpCode(200)
  @PublicThrottle(5, 10 * 60_000)
  requestLink(@Body() dto: PortalLinkDto) {
    return this.auth.requestLink(dto.email, dto.next);
  }

  @Post('session')
  @HttpCode(200)
  @PublicThrottle(20, 10 * 60_000)
  async signIn(@Body() dto: PortalSessionDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { session, email, maxAgeSec } = await this.auth.consume(dto.token);
    reply.setCookie(PORTAL.cookieName, session, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.publicUrl.startsWith('https:'),
      // Sent with the project page's own request too, so the server can render it with its data
      // (page-renderer.service.ts); httpOnly and SameSite=Lax as before.
      path: '/',
      maxAge: maxAgeSec,
    });
    return { success: true, email };
  }

  @Post('logout')
  @HttpCode(200)
  async signOut(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.signOut(req.cookies?.[PORTAL.cookieName]);
    reply.clearCookie(PORTAL.cookieName, { path: '/' });
    // A session opened before the cookie covered the whole site.
    reply.clearCookie(PORTAL.cookieName, { path: '/api' });
    return { success: true };
  }

  @Get('me')
  @UseGuards(PortalSessionGuard)
  me(@PortalEmail() email: string) {
    return { success: true, email };
  }

  @Get('projects')
  @UseGuards(PortalSessionGuard)
  async list(@PortalEmail() email: string) {
    return { success: true, projects: await this.projects.listForClient(email) };
  }

  @Get('projects/:id')
  @UseGuards(PortalSessionGuard)
  async detail(@PortalEmail() email: string, @Param('id') id: string) {
    return { success: true, project: await this.projects.detailForClient(id, email) };
  }
}
