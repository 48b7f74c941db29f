import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasFormula, isAllowedImage, parseConcept } from './concept-markup';

describe('parseConcept: the concept markup (issue #28, concept pages that teach)', () => {
  it('reads a plain concept, as they were written before, as its paragraphs', () => {
    const body =
      'If SP > CP there is a profit of SP − CP; if SP < CP there is a loss.\n\nN_b and N_a are numbers; [[a, b], [c, d]] is a matrix.';
    expect(parseConcept(body)).toEqual([
      {
        kind: 'paragraph',
        children: [{ kind: 'text', text: 'If SP > CP there is a profit of SP − CP; if SP < CP there is a loss.' }],
      },
      {
        kind: 'paragraph',
        children: [{ kind: 'text', text: 'N_b and N_a are numbers; [[a, b], [c, d]] is a matrix.' }],
      },
    ]);
  });

  it('reads headings, emphasis, lists and a worked example with its title', () => {
    const body = [
      '## Adding integers',
      'Adding a **negative** number moves *left*.',
      '',
      '- one',
      '- two',
      '',
      ':::example Two steps',
      '1. Start at 5.',
      '2. Move 3 left.',
      ':::',
      '### After',
      'Done.',
    ].join('\n');
    expect(parseConcept(body)).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'Adding integers' }] },
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: 'Adding a ' },
          { kind: 'strong', children: [{ kind: 'text', text: 'negative' }] },
          { kind: 'text', text: ' number moves ' },
          { kind: 'em', children: [{ kind: 'text', text: 'left' }] },
          { kind: 'text', text: '.' },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ kind: 'paragraph', children: [{ kind: 'text', text: 'one' }] }],
          [{ kind: 'paragraph', children: [{ kind: 'text', text: 'two' }] }],
        ],
      },
      {
        kind: 'example',
        title: 'Two steps',
        children: [
          {
            kind: 'list',
            ordered: true,
            start: 1,
            items: [
              [{ kind: 'paragraph', children: [{ kind: 'text', text: 'Start at 5.' }] }],
              [{ kind: 'paragraph', children: [{ kind: 'text', text: 'Move 3 left.' }] }],
            ],
          },
        ],
      },
      { kind: 'heading', level: 2, children: [{ kind: 'text', text: 'After' }] },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Done.' }] },
    ]);
  });

  it('an example without a title takes the app’s words', () => {
    expect(parseConcept(':::example\nSo $x=2$.\n:::')).toEqual([
      {
        kind: 'example',
        title: null,
        children: [
          {
            kind: 'paragraph',
            children: [
              { kind: 'text', text: 'So ' },
              { kind: 'math', tex: 'x=2' },
              { kind: 'text', text: '.' },
            ],
          },
        ],
      },
    ]);
  });

  it('reads inline and display formulas, and leaves money and lone dollars as text', () => {
    expect(parseConcept('Interest is $SI = \\frac{P \\times R \\times T}{100}$ a year.')).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: 'Interest is ' },
          { kind: 'math', tex: 'SI = \\frac{P \\times R \\times T}{100}' },
          { kind: 'text', text: ' a year.' },
        ],
      },
    ]);
    expect(parseConcept('Before\n\n$$\n5 - (-3) = 5 + 3 = 8\n$$\n\nAfter')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Before' }] },
      { kind: 'math', tex: '5 - (-3) = 5 + 3 = 8' },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'After' }] },
    ]);
    for (const text of ['It cost $5 and $6 later.', 'A lone $ sign.', 'Spaces $ x $ inside.'])
      expect(parseConcept(text)).toEqual([{ kind: 'paragraph', children: [{ kind: 'text', text }] }]);
  });

  it('draws the app’s own images and shows only the words of any other', () => {
    expect(parseConcept('![A number line from −5 to 5](/figures/number-line.svg)')).toEqual([
      { kind: 'image', src: '/figures/number-line.svg', alt: 'A number line from −5 to 5' },
    ]);
    expect(parseConcept('See ![a tracker](https://evil.example/pixel.png) here.')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'See a tracker here.' }] },
    ]);
    expect(isAllowedImage('//evil.example/x.png')).toBe(false);
    expect(isAllowedImage('javascript:alert(1)')).toBe(false);
  });

  it('never passes markup through: HTML and links become their text', () => {
    const tree = parseConcept('<img src=x onerror=alert(1)>\n\nA [link](javascript:alert(1)) and <b>bold</b>.');
    expect(tree).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'A link and <b>bold</b>.' }] },
    ]);
  });

  it('hasFormula finds a formula anywhere, so KaTeX loads only then', () => {
    expect(hasFormula(parseConcept('## Plain\nNo formula here, ₹5 only.'))).toBe(false);
    expect(hasFormula(parseConcept('- a **bold $x^2$** item'))).toBe(true);
    expect(hasFormula(parseConcept(':::example\n$$a+b$$\n:::'))).toBe(true);
  });
});

describe('the demo curriculum’s concepts', () => {
  // Every concept file of the demo (English and translations), read as the app reads them.
  const root = fileURLToPath(new URL('../../../server/src/demo-data/curriculum', import.meta.url));
  const concepts = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const file = JSON.parse(readFileSync(join(root, f), 'utf8')) as {
        chapters: { topics: { slug: string; concept: string }[] }[];
      };
      return file.chapters.flatMap((c) => c.topics.map((t) => ({ where: `${f} ${t.slug}`, body: t.concept })));
    });

  it('plain concepts read as their own paragraphs, word for word', () => {
    const plain = concepts.filter((c) => !/\$|\*\*|^#|:::|!\[/m.test(c.body));
    expect(plain.length).toBeGreaterThan(300);
    for (const { where, body } of plain) {
      const paragraphs = body.split(/\n\s*\n/).map((p) => p.trim());
      expect(parseConcept(body), where).toEqual(
        paragraphs.map((text) => ({ kind: 'paragraph', children: [{ kind: 'text', text }] })),
      );
    }
  });

  it('concepts in the markup keep every formula whole and draw only the app’s pictures', () => {
    const marked = concepts.filter((c) => /\$|:::example/.test(c.body));
    expect(marked.length).toBeGreaterThanOrEqual(25);
    for (const { where, body } of marked) {
      const tree = parseConcept(body);
      const text = JSON.stringify(tree);
      // No `$` is left over as text: each opened formula was closed.
      expect(
        JSON.stringify(tree, (k, v: unknown) => (k === 'tex' ? '' : v)),
        where,
      ).not.toContain('$');
      expect(text, where).not.toContain(':::');
      if (body.includes(':::example'))
        expect(
          tree.some((b) => b.kind === 'example'),
          where,
        ).toBe(true);
    }
  });
});
