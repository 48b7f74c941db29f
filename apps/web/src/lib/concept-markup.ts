/**
 * The concept markup (issue #28, "concept pages that teach"): a Markdown subset read with `marked`'s
 * lexer and turned into a small tree the page draws with React elements. No HTML from the text ever
 * reaches the page: raw HTML, links and unknown blocks show as their text. Formulas are TeX between
 * `$...$` (inline) or `$$...$$` (a block), drawn by KaTeX, which loads only where a formula appears.
 *
 *   ## Heading / ### Smaller heading
 *   Paragraphs, **bold**, *italic*, `- ` and `1. ` lists
 *   ![a description](/figures/number-line.svg)   (the app's own files only)
 *   :::example Optional title
 *   ...the same markup...
 *   :::
 *
 * Plain text, as concepts were written before, reads as paragraphs (docs/DECISIONS.md, "Concept markup").
 */
import { Marked, type Token, type TokenizerExtension, type Tokens } from 'marked';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'math'; tex: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'break' };

export type Block =
  /** Level 1 is a `#` or `##` heading, 2 is `###` and smaller: the page's title is above both. */
  | { kind: 'heading'; level: 1 | 2; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { kind: 'math'; tex: string }
  | { kind: 'image'; src: string; alt: string }
  /** A worked example; a null title shows the app's 'Worked example' in the reader's language. */
  | { kind: 'example'; title: string | null; children: Block[] };

/** `$x$`: no space just inside either `$`, and no digit right after the closing one ("$5 and $6" stays text). */
const INLINE_MATH = /^\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)/;
const BLOCK_MATH = /^\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
const EXAMPLE = /^:::example[ \t]*([^\n]*)\n([\s\S]*?)(?:^|\n):::[ \t]*(?:\n+|$)/;

interface MathToken extends Tokens.Generic {
  type: 'inlineMath' | 'blockMath';
  tex: string;
}
interface ExampleToken extends Tokens.Generic {
  type: 'example';
  title: string;
  tokens: Token[];
}

const firstIndex = (src: string, pattern: RegExp): number | undefined => {
  const i = src.search(pattern);
  return i < 0 ? undefined : i;
};

const extensions: TokenizerExtension[] = [
  {
    name: 'example',
    level: 'block',
    start: (src) => firstIndex(src, /^:::example/m),
    tokenizer(src) {
      const m = EXAMPLE.exec(src);
      if (!m) return undefined;
      const token: ExampleToken = { type: 'example', raw: m[0], title: m[1]!.trim(), tokens: [] };
      this.lexer.blockTokens(m[2]!, token.tokens);
      return token;
    },
  },
  {
    name: 'blockMath',
    level: 'block',
    start: (src) => firstIndex(src, /^\$\$/m),
    tokenizer(src) {
      const m = BLOCK_MATH.exec(src);
      return m ? ({ type: 'blockMath', raw: m[0], tex: m[1]!.trim() } satisfies MathToken) : undefined;
    },
  },
  {
    name: 'inlineMath',
    level: 'inline',
    start: (src) => firstIndex(src, /\$/),
    tokenizer(src) {
      const m = INLINE_MATH.exec(src);
      return m ? ({ type: 'inlineMath', raw: m[0], tex: m[1]! } satisfies MathToken) : undefined;
    },
  },
];

const lexer = new Marked({ gfm: true, breaks: false, extensions });

/** Only the app's own files: the content security policy allows no other images, and a child's page calls no one else. */
export function isAllowedImage(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && !src.includes('\\');
}

function inlines(tokens: Token[] | undefined): Inline[] {
  const out: Inline[] = [];
  const text = (value: string) => {
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += value;
    else if (value) out.push({ kind: 'text', text: value });
  };
  const merge = (children: Inline[]) => {
    for (const child of children) {
      if (child.kind === 'text') text(child.text);
      else out.push(child);
    }
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em':
        out.push({ kind: token.type, children: inlines((token as Tokens.Strong).tokens) });
        break;
      case 'codespan':
        out.push({ kind: 'code', text: (token as Tokens.Codespan).text });
        break;
      case 'inlineMath':
        out.push({ kind: 'math', tex: (token as MathToken).tex });
        break;
      case 'br':
        out.push({ kind: 'break' });
        break;
      case 'image': {
        const { href, text: alt } = token as Tokens.Image;
        if (isAllowedImage(href)) out.push({ kind: 'image', src: href, alt });
        else text(alt);
        break;
      }
      case 'text':
      case 'escape': {
        const t = token as Tokens.Text;
        if (t.tokens?.length) merge(inlines(t.tokens));
        else text(decodeEntities(t.text));
        break;
      }
      // Links, strikethrough and anything else show their words; raw HTML shows as the text it is.
      default: {
        const nested = (token as Tokens.Generic).tokens;
        if (nested?.length) merge(inlines(nested));
        else text(token.raw);
      }
    }
  }
  return out;
}

/** marked escapes &, <, >, " and ' in text tokens for HTML output; React escapes again, so undo it. */
function decodeEntities(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
        break;
      case 'heading': {
        const h = token as Tokens.Heading;
        out.push({ kind: 'heading', level: h.depth <= 2 ? 1 : 2, children: inlines(h.tokens) });
        break;
      }
      case 'paragraph': {
        const children = inlines((token as Tokens.Paragraph).tokens);
        // An image alone on its line is a figure of its own.
        const only = children.length === 1 ? children[0]! : null;
        if (only?.kind === 'image') out.push({ kind: 'image', src: only.src, alt: only.alt });
        else if (children.length) out.push({ kind: 'paragraph', children });
        break;
      }
      case 'text': {
        // A tight list item's words.
        const children = inlines(
          (token as Tokens.Text).tokens ?? [{ type: 'text', raw: token.raw, text: token.raw } as Token],
        );
        if (children.length) out.push({ kind: 'paragraph', children });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        out.push({
          kind: 'list',
          ordered: list.ordered,
          start: typeof list.start === 'number' ? list.start : 1,
          items: list.items.map((item) => blocks(item.tokens)),
        });
        break;
      }
      case 'blockMath':
        out.push({ kind: 'math', tex: (token as MathToken).tex });
        break;
      case 'example': {
        const ex = token as ExampleToken;
        out.push({ kind: 'example', title: ex.title || null, children: blocks(ex.tokens) });
        break;
      }
      case 'blockquote':
        out.push(...blocks((token as Tokens.Blockquote).tokens));
        break;
      // Code blocks, tables and raw HTML: their text, as a paragraph.
      default: {
        const raw = token.raw.trim();
        if (raw) out.push({ kind: 'paragraph', children: [{ kind: 'text', text: raw }] });
      }
    }
  }
  return out;
}

/** The concept's text as blocks to draw. */
export function parseConcept(body: string): Block[] {
  return blocks(lexer.lexer(body.replace(/\r\n?/g, '\n')));
}

/** Whether any formula appears: only then is KaTeX fetched. */
export function hasFormula(tree: Block[]): boolean {
  const inInlines = (xs: Inline[]): boolean =>
    xs.some((x) => x.kind === 'math' || ((x.kind === 'strong' || x.kind === 'em') && inInlines(x.children)));
  return tree.some((b) => {
    switch (b.kind) {
      case 'math':
        return true;
      case 'heading':
      case 'paragraph':
        return inInlines(b.children);
      case 'list':
        return b.items.some((item) => hasFormula(item));
      case 'example':
        return hasFormula(b.children);
      default:
        return false;
    }
  });
}
