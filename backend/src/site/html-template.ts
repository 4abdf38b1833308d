/**
 * A built HTML document (the shell's index.html, or a page the build prerendered) read once with
 * parse5 and kept as its text plus the places a request fills in: the `<title>`'s text, the
 * `<meta name="description">` element, and the end of `<head>`. Rendering splices strings at
 * those offsets, and nothing depends on how the build happened to spell a tag (attribute
 * order, quotes, self-closing slashes). Every place it fills is in `<head>`, so only the
 * document up to the first `</head>` is parsed: well under a millisecond, cheap enough for a
 * document rendered per request (the blog's server-rendered pages).
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

interface Range {
  start: number;
  end: number;
}

export interface TemplateFill {
  /** Text for `<title>` (escaped by the caller). */
  titleHtml?: string;
  /** A whole `<meta name="description" …>` element, replacing the document's or added to `<head>`. */
  descriptionTag?: string;
  /** HTML added at the end of `<head>`. */
  headEnd?: string;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

export class HtmlTemplate {
  private constructor(
    readonly html: string,
    private readonly title: Range | null,
    private readonly description: Range | null,
    private readonly headEnd: number,
  ) {}

  /** Fails when the document has no `<head>` with an end tag (every built document has one). */
  static parse(html: string): HtmlTemplate {
    const headClose = html.indexOf('</head>');
    const head = headClose === -1 ? html : html.slice(0, headClose + '</head>'.length);
    const document = parse(head, { sourceCodeLocationInfo: true });
    let title: Range | null = null;
    let description: Range | null = null;
    let headEnd: number | null = null;
    for (const el of elements(document)) {
      const loc = el.sourceCodeLocation;
      if (!loc) continue;
      if (el.tagName === 'head' && loc.endTag) headEnd = loc.endTag.startOffset;
      else if (el.tagName === 'title' && !title && loc.startTag && loc.endTag)
        title = { start: loc.startTag.endOffset, end: loc.endTag.startOffset };
      else if (
        el.tagName === 'meta' &&
        !description &&
        el.attrs.some((a) => a.name === 'name' && a.value.toLowerCase() === 'description')
      )
        description = { start: loc.startOffset, end: loc.endOffset };
    }
    if (headEnd === null) throw new Error('the document has no </head>');
    return new HtmlTemplate(html, title, description, headEnd);
  }

  /**
   * The document with the fills spliced in. `original` maps the document's own text (not the
   * fills), e.g. to swap build-time stand-ins for live values.
   */
  render(fill: TemplateFill, original: (text: string) => string = (text) => text): string {
    const edits: { at: Range; text: string }[] = [];
    if (fill.titleHtml !== undefined && this.title) edits.push({ at: this.title, text: fill.titleHtml });
    let headEnd = fill.headEnd ?? '';
    if (fill.descriptionTag !== undefined) {
      if (this.description) edits.push({ at: this.description, text: fill.descriptionTag });
      else headEnd = fill.descriptionTag + headEnd;
    }
    if (headEnd) edits.push({ at: { start: this.headEnd, end: this.headEnd }, text: headEnd });
    edits.sort((a, b) => a.at.start - b.at.start);
    let out = '';
    let pos = 0;
    for (const { at, text } of edits) {
      out += original(this.html.slice(pos, at.start)) + text;
      pos = at.end;
    }
    return out + original(this.html.slice(pos));
  }
}
