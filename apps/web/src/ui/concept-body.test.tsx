// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enJourney from '../locales/en/journey.json';
import { ConceptBody } from './concept-body';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { journey: enJourney } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

describe('ConceptBody: a concept page that teaches (issue #28)', () => {
  it('draws headings under the page title, lists, a figure and the worked example with its words', () => {
    render(
      <ConceptBody
        body={
          '## Integers\nNumbers **below** zero.\n\n- one\n- two\n\n![A number line](/figures/number-line.svg)\n\n:::example\nStart at 5.\n:::'
        }
        lang="en"
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Integers' })).toBeTruthy();
    expect(screen.getByText('below').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'A number line' }).getAttribute('src')).toBe('/figures/number-line.svg');
    expect(screen.getByTestId('worked-example').textContent).toBe('Worked exampleStart at 5.');
    expect(screen.getByTestId('concept-body').dataset.formulas).toBe('none');
  });

  it('shows the TeX until KaTeX is here, then KaTeX’s formula with its MathML for screen readers', async () => {
    render(<ConceptBody body={'So $x^2 + 1$ and\n\n$$\\frac{1}{2}$$'} />);
    expect(screen.getAllByTestId('formula-tex').map((e) => e.textContent)).toEqual(['x^2 + 1', '\\frac{1}{2}']);
    await waitFor(() => expect(screen.getByTestId('concept-body').dataset.formulas).toBe('drawn'));
    const formulas = screen.getAllByTestId('formula');
    expect(formulas).toHaveLength(2);
    expect(formulas[0]!.querySelector('.katex math')).not.toBeNull();
    expect(formulas[1]!.querySelector('.katex-display')).not.toBeNull();
  });

  it('writes a concept’s markup and HTML as text: nothing from the text becomes an element', () => {
    const { container } = render(<ConceptBody body={'<img src=x onerror="alert(1)"> and <script>alert(2)</script>'} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
