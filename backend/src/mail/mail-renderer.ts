/**
 * Turns a template name and its context into the subject, HTML and plain-text parts of a mail.
 * Templates are read and compiled once; rendering is pure, so it is cheap to call per job.
 *
 * Mails that differ only in a few string values (a newsletter issue: the same body for every
 * subscriber but the unsubscribe link) can be rendered once per shape (`renderShared`) and
 * completed per recipient by substitution.
 */
import Handlebars from 'handlebars';
import { randomBytes } from 'node:crypto';
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

/** A rendered part cut at its per-recipient values: text, value, text, value, …, text. */
interface SplitPart {
  texts: string[];
  /** Index into the per-recipient names of the value that follows texts[i]. */
  slots: number[];
}

/** How many shapes `renderShared` keeps (issues being sent at once, say). */
const SHARED_CACHE_SIZE = 16;

export class MailRenderer {
  private readonly hbs = Handlebars.create();
  private readonly html = new Map<MailTemplate, Compiled>();
  private readonly text = new Map<MailTemplate, Compiled>();
  private readonly htmlLayout: Compiled;
  private readonly textLayout: Compiled;
  /** Per shape: the split parts, or null when substitution would not give the full render. */
  private readonly shared = new Map<string, { html: SplitPart; text: SplitPart } | null>();

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

  /**
   * Renders like `render`, for a mail whose context is the same for every mail rendered under
   * `key` except the string values named in `perRecipient`: the first mail of a key is rendered
   * in full and with markers in place of those values, and the others are that render with their
   * own values put in (HTML-escaped in the HTML part, as the template does). The shortcut is
   * checked against the full render once per key and not taken where it would differ (a value
   * used by a helper, or unescaped); values with white space (which `tidy` could touch) are always
   * rendered in full.
   */
  renderShared(
    key: string,
    template: MailTemplate,
    subject: string,
    context: Record<string, unknown>,
    perRecipient: readonly string[],
  ): RenderedMail {
    const values = perRecipient.map((name) => context[name]);
    if (!values.every((v): v is string => typeof v === 'string' && v !== '' && !/\s/.test(v)))
      return this.render(template, subject, context);
    const cacheKey = JSON.stringify([key, template, subject, perRecipient, new Date().getFullYear()]);
    const cached = this.shared.get(cacheKey);
    if (cached) {
      return {
        html: fill(
          cached.html,
          values.map((v) => this.hbs.escapeExpression(v)),
        ),
        text: fill(cached.text, values),
      };
    }
    const full = this.render(template, subject, context);
    if (cached === null) return full;
    const markers = perRecipient.map((_, i) => `mailslot${i}x${randomBytes(8).toString('hex')}`);
    const marked = this.render(template, subject, {
      ...context,
      ...Object.fromEntries(perRecipient.map((name, i) => [name, markers[i]])),
    });
    const split = { html: cut(marked.html, markers), text: cut(marked.text, markers) };
    const same =
      fill(
        split.html,
        values.map((v) => this.hbs.escapeExpression(v)),
      ) === full.html && fill(split.text, values) === full.text;
    if (this.shared.size >= SHARED_CACHE_SIZE) this.shared.delete(this.shared.keys().next().value!);
    this.shared.set(cacheKey, same ? split : null);
    return full;
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

function cut(rendered: string, markers: string[]): SplitPart {
  const texts: string[] = [];
  const slots: number[] = [];
  const pattern = new RegExp(markers.join('|'), 'g');
  let from = 0;
  for (const match of rendered.matchAll(pattern)) {
    texts.push(rendered.slice(from, match.index));
    slots.push(markers.indexOf(match[0]));
    from = match.index + match[0].length;
  }
  texts.push(rendered.slice(from));
  return { texts, slots };
}

function fill(part: SplitPart, values: string[]): string {
  let out = part.texts[0];
  for (let i = 0; i < part.slots.length; i++) out += values[part.slots[i]] + part.texts[i + 1];
  return out;
}
