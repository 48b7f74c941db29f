import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type KatexModule from 'katex';
import { hasFormula, parseConcept, type Block, type Inline } from '../lib/concept-markup';
import './concept-body.css';

type Katex = typeof KatexModule;
let katexRequest: Promise<Katex | null> | undefined;

/** KaTeX and its style sheet, fetched once and only for a concept that has a formula. */
function loadKatex(): Promise<Katex | null> {
  katexRequest ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')])
    .then(([m]) => m.default)
    .catch(() => {
      // Offline with the module not cached yet: the TeX stays readable; the next visit tries again.
      katexRequest = undefined;
      return null;
    });
  return katexRequest;
}

function Formula({ tex, display, katex }: { tex: string; display: boolean; katex: Katex | null }) {
  const html = useMemo(
    () =>
      katex?.renderToString(tex, {
        displayMode: display,
        // A mistake in the TeX shows the TeX in red rather than breaking the page; no \href, no HTML.
        throwOnError: false,
        trust: false,
        output: 'htmlAndMathml',
      }),
    [katex, tex, display],
  );
  const flag = display ? { 'data-display': '' } : {};
  if (html === undefined)
    return (
      <code className="ki-formula" {...flag} data-testid="formula-tex">
        {tex}
      </code>
    );
  // KaTeX's own output (with trust off it writes no links, scripts or styles from the text).
  return <span className="ki-formula" {...flag} data-testid="formula" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Inlines({ items, katex }: { items: Inline[]; katex: Katex | null }): ReactNode {
  return items.map((x, i) => {
    switch (x.kind) {
      case 'text':
        return <Fragment key={i}>{x.text}</Fragment>;
      case 'strong':
        return (
          <strong key={i}>
            <Inlines items={x.children} katex={katex} />
          </strong>
        );
      case 'em':
        return (
          <em key={i}>
            <Inlines items={x.children} katex={katex} />
          </em>
        );
      case 'code':
        return <code key={i}>{x.text}</code>;
      case 'math':
        return <Formula key={i} tex={x.tex} display={false} katex={katex} />;
      case 'image':
        return <img key={i} src={x.src} alt={x.alt} loading="lazy" />;
      case 'break':
        return <br key={i} />;
    }
  });
}

function Blocks({ items, katex }: { items: Block[]; katex: Katex | null }): ReactNode {
  const { t } = useTranslation('journey');
  return items.map((b, i) => {
    switch (b.kind) {
      case 'heading': {
        const H = b.level === 1 ? 'h3' : 'h4';
        return (
          <H key={i}>
            <Inlines items={b.children} katex={katex} />
          </H>
        );
      }
      case 'paragraph':
        return (
          <p key={i}>
            <Inlines items={b.children} katex={katex} />
          </p>
        );
      case 'list': {
        const children = b.items.map((item, j) => (
          <li key={j}>
            <Blocks items={item} katex={katex} />
          </li>
        ));
        return b.ordered ? (
          <ol key={i} start={b.start === 1 ? undefined : b.start}>
            {children}
          </ol>
        ) : (
          <ul key={i}>{children}</ul>
        );
      }
      case 'math':
        return <Formula key={i} tex={b.tex} display katex={katex} />;
      case 'image':
        return (
          <figure key={i}>
            <img src={b.src} alt={b.alt} loading="lazy" />
          </figure>
        );
      case 'example':
        return (
          <section key={i} className="ki-example" data-testid="worked-example">
            <p className="ki-example-title">{b.title ?? t('concept.workedExample')}</p>
            <Blocks items={b.children} katex={katex} />
          </section>
        );
    }
  });
}

/**
 * A concept's text drawn from its markup (concept-markup.ts): the student's concept page and the
 * editors' preview. KaTeX is asked for only when a formula appears; until it is here, or where it
 * cannot be fetched, each formula shows its TeX.
 */
export function ConceptBody({ body, lang }: { body: string; lang?: string }) {
  const tree = useMemo(() => parseConcept(body), [body]);
  const needsKatex = useMemo(() => hasFormula(tree), [tree]);
  const [katex, setKatex] = useState<Katex | null>(null);
  useEffect(() => {
    if (!needsKatex) return;
    let live = true;
    void loadKatex().then((k) => live && setKatex(() => k));
    return () => {
      live = false;
    };
  }, [needsKatex]);
  return (
    <div
      className="ki-concept"
      data-testid="concept-body"
      data-formulas={needsKatex ? (katex ? 'drawn' : 'waiting') : 'none'}
      lang={lang}
    >
      <Blocks items={tree} katex={katex} />
    </div>
  );
}
