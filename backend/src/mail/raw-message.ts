/**
 * Writes the RFC 5322 source of a rendered mail in one pass, for nodemailer to send as is (`raw`).
 *
 * nodemailer builds a MIME tree of streams for every message (headers parsed and re-encoded,
 * each part piped through a quoted-printable transform): in the mail worker that was the
 * largest share of the CPU per mail. Our mails have one shape (a plain-text part and usually an
 * HTML part, both already rendered, a few headers), so their source is written here with
 * nodemailer's own header encoders and a string-wide quoted-printable encoder. DKIM still signs
 * it: nodemailer signs raw messages like composed ones.
 *
 * Anything outside that shape (attachments, a non-ASCII or multi-address From/To/Reply-To, a
 * custom header that is not plain ASCII) returns null and goes through nodemailer's composer.
 */
import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';

export interface RawMailParts {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  headers?: Record<string, string>;
  messageId: string;
  text: string;
  html?: string;
  date?: Date;
}

export interface RawMail {
  raw: string;
  envelope: { from: string; to: string[] };
}

/** Printable ASCII only: what a header may carry without encoding. */
const PLAIN_HEADER = /^[\x20-\x7e]*$/;
/** An address nodemailer would pass through unchanged (no IDN, no quoting in the local part). */
const PLAIN_ADDRESS = /^[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9.-]+$/;

export function buildRawMessage(mail: RawMailParts): RawMail | null {
  const from = oneAddress(mail.from);
  const to = oneAddress(mail.to);
  const replyTo = mail.replyTo ? oneAddress(mail.replyTo) : undefined;
  if (!from || !to || replyTo === null) return null;
  const head: string[] = [];
  // nodemailer's order: custom headers, then the addressing headers, Content-Type last.
  for (const [key, value] of Object.entries(mail.headers ?? {})) {
    if (!/^[!-9;-~]+$/.test(key) || !PLAIN_HEADER.test(value)) return null;
    head.push(mimeFuncs.foldLines(`${key}: ${value}`, 76));
  }
  head.push(`From: ${from.header}`, `To: ${to.header}`);
  if (replyTo) head.push(`Reply-To: ${replyTo.header}`);
  head.push(mimeFuncs.foldLines(`Subject: ${encodeWords(mail.subject.replace(/\r?\n|\r/g, ' '))}`, 76));
  head.push(
    `Message-ID: ${mail.messageId}`,
    `Date: ${(mail.date ?? new Date()).toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
  );
  let body: string;
  if (mail.html === undefined) {
    head.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable');
    body = quotedPrintable(mail.text);
  } else {
    const boundary = `--_mixdown_${randomUUID()}`;
    head.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`);
    body =
      `--${boundary}\r\n${part('text/plain', mail.text)}\r\n` +
      `--${boundary}\r\n${part('text/html', mail.html)}\r\n` +
      `--${boundary}--`;
  }
  return {
    // Ends with a line break, as nodemailer's LastNewline makes sure.
    raw: `${head.join('\r\n')}\r\n\r\n${body}${body.endsWith('\r\n') ? '' : '\r\n'}`,
    envelope: { from: from.address, to: [to.address] },
  };
}

function part(type: string, content: string): string {
  return (
    `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n` +
    quotedPrintable(content)
  );
}

/** One ASCII address as nodemailer would write it in a header, or null when it is not that simple. */
function oneAddress(value: string): { address: string; header: string } | null {
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1) return null;
  const { name, address } = parsed[0];
  if (!PLAIN_ADDRESS.test(address) || !PLAIN_HEADER.test(name)) return null;
  if (!name) return { address, header: address };
  const quoted = /^[\w ]*$/.test(name) ? name : `"${name.replace(/([\\"])/g, '\\$1')}"`;
  return { address, header: `${quoted} <${address}>` };
}

/** RFC 2047 encoded words where the value is not plain ASCII (all of it, as nodemailer does). */
function encodeWords(value: string): string {
  // nodemailer's fourth parameter (encode every word) is missing from its types.
  const encode = mimeFuncs.encodeWords as (v: string, e: 'Q', max: number, all: boolean) => string;
  return encode.call(mimeFuncs, value, 'Q', 52, true);
}

/**
 * Quoted-printable (RFC 2045 6.7) of a whole text at once: line breaks become CRLF, bytes outside
 * printable ASCII, "=" and white space at a line's end are escaped, and lines longer than 76
 * characters get soft breaks that never split an escape.
 */
export function quotedPrintable(text: string): string {
  const lf = text.replace(/\r\n|\r/g, '\n');
  // One character per byte, so each can be escaped on its own (ASCII text already is).
  const bytes = /[^\t\n\x20-\x7e]/.test(lf) ? Buffer.from(lf, 'utf8').toString('latin1') : lf;
  const escaped = bytes.replace(/[^\t\n\x20-\x3c\x3e-\x7e]|[\t ](?=\n|$)/g, (c) => {
    const code = c.charCodeAt(0);
    return `=${code < 16 ? '0' : ''}${code.toString(16).toUpperCase()}`;
  });
  return escaped.split('\n').map(softWrap).join('\r\n');
}

function softWrap(line: string): string {
  if (line.length <= 76) return line;
  let out = '';
  while (line.length > 76) {
    let cut = 75;
    const escape = line.lastIndexOf('=', cut - 1);
    if (escape > cut - 3) cut = escape;
    out += `${line.slice(0, cut)}=\r\n`;
    line = line.slice(cut);
  }
  return out + line;
}
