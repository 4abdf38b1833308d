/**
 * Turns a template name and its context into the subject, HTML and plain-text parts of a mail.
 * Templates are read and compiled once; rendering is pure, so it is cheap to call per job.
 */
import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DELIVERY, pluralize } from '@studio/shared';
import { MAIL_TEMPLATES, MailTemplate } from './mail-templates';

export const TEMPLATES_DIR = join(__dirname, 'templates');

export interface RenderedMail {
  html: string;
  text: string;
}

export interface RenderOptions {
  siteName: string;
  publicUrl: string;
}

type Compiled = HandlebarsTemplateDelegate<Record<string, unknown>>;

export class MailRenderer {
  private readonly hbs = Handlebars.create();
  private readonly html = new Map<MailTemplate, Compiled>();
  private readonly text = new Map<MailTemplate, Compiled>();
  private readonly htmlLayout: Compiled;
  private readonly textLayout: Compiled;

  constructor(
    private readonly options: RenderOptions,
    dir = TEMPLATES_DIR,
  ) {
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    // Plain text must not be HTML-escaped: "R&B" stays "R&B".
    const compileText = (source: string) => this.hbs.compile(source, { noEscape: true, strict: false });
    // {{plural count "revision round"}} → "1 revision round", "2 revision rounds": never "round(s)".
    this.hbs.registerHelper('plural', (count: unknown, one: unknown, many: unknown) =>
      pluralize(Number(count), String(one), typeof many === 'string' ? many : undefined),
    );
    this.htmlLayout = this.hbs.compile(read('layouts/main.html.hbs'));
    this.textLayout = compileText(read('layouts/main.text.hbs'));
    for (const name of MAIL_TEMPLATES) {
      this.html.set(name, this.hbs.compile(read(`${name}.html.hbs`)));
      this.text.set(name, compileText(read(`${name}.text.hbs`)));
    }
  }

  render(template: MailTemplate, subject: string, context: Record<string, unknown>): RenderedMail {
    const html = this.html.get(template);
    const text = this.text.get(template);
    if (!html || !text) throw new Error(`Unknown mail template "${template}"`);
    const data = { ...this.globals(), subject, ...context };
    return {
      html: this.htmlLayout({ ...data, body: html(data) }),
      text: tidy(this.textLayout({ ...data, body: tidy(text(data)) })),
    };
  }

  private globals(): Record<string, unknown> {
    const { siteName, publicUrl } = this.options;
    return {
      siteName,
      publicUrl,
      publicHost: new URL(publicUrl).host,
      year: new Date().getFullYear(),
      replyWithin: DELIVERY.contactReplyHours,
      // The site's own delivery wording (libs/shared), so a mail never promises other times.
      deliveryPromise: DELIVERY.bookingPromise,
      deliveryBusinessDays: DELIVERY.businessDays,
    };
  }
}

/** Collapses the runs of blank lines that optional sections leave behind. */
function tidy(text: string): string {
  return `${text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
