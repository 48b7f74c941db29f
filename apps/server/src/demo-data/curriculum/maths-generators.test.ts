import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CurriculumFileSchema, CurriculumQuestionSchema, type CurriculumQuestion } from './curriculum-file.schema';
import { MATHS_GENERATORS, generateQuestions, seededRng } from './maths-generators';

/*
 * Every generator is checked against an independent re-computation: the checker reads the question
 * text the way a student would, works the answer out again (often by a different method than the
 * generator uses — brute force, numeric differentiation, Simpson's rule, substitution), and then
 * requires that exactly the marked options are correct.
 */

type Q = CurriculumQuestion;
/** More seeds for a deeper local check: MATHS_SEEDS=5000 npx vitest run … */
const SEEDS = Number(process.env.MATHS_SEEDS ?? 200);
const DIR = join(dirname(fileURLToPath(import.meta.url)), 'maths');

// ---------------------------------------------------------------------------------------------
// Reading numbers, fractions and expressions back out of question text

/** ASCII minus, no thousands separators. */
const norm = (s: string): string => s.replace(/−/g, '-').replace(/(\d),(?=\d)/g, '$1');
const nums = (s: string): number[] => (norm(s).match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
const num = (s: string): number => {
  const m = /-?\d+(?:\.\d+)?(?:\/\d+)?/.exec(norm(s));
  if (!m) throw new Error(`no number in "${s}"`);
  const [a = '', b] = m[0].split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
};
const close = (a: number, b: number, tol = 1e-9): boolean =>
  Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
const must = (re: RegExp, s: string): RegExpExecArray => {
  const m = re.exec(s);
  if (!m) throw new Error(`"${s}" does not match ${re}`);
  return m;
};
const g = (m: RegExpExecArray, i: number): string => m[i] ?? '';
const gn = (m: RegExpExecArray, i: number): number => num(g(m, i));
const SUP = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const supNum = (s: string): number => Number([...s].map((c) => (c === '⁻' ? '-' : SUP.indexOf(c))).join(''));
const subNum = (s: string): number => Number([...s].map((c) => SUB.indexOf(c)).join(''));

/** A small recursive-descent evaluator for the expressions the generators print. */
function evalExpr(src: string, vars: Record<string, number> = {}): number {
  const s = norm(src)
    .replace(/[×·]/g, '*')
    .replace(/÷/g, '/')
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (m) => `^(${supNum(m)})`)
    .replace(/\s+/g, '')
    .replace(/(?<![\d.])(\d+)\/(\d+)(?![\d.])/g, '($1/$2)');
  let i = 0;
  const peek = () => s[i];
  const expr = (): number => {
    let v = term();
    while (peek() === '+' || peek() === '-') {
      const op = s[i++];
      const r = term();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  const term = (): number => {
    let v = unary();
    for (;;) {
      const c = peek();
      if (c === '*' || c === '/') {
        i++;
        const r = unary();
        v = c === '*' ? v * r : v / r;
      } else if (c !== undefined && /[\d.a-zπ√(]/.test(c)) v *= power();
      else return v;
    }
  };
  const unary = (): number => {
    if (peek() === '-') {
      i++;
      return -unary();
    }
    if (peek() === '+') {
      i++;
      return unary();
    }
    return power();
  };
  const power = (): number => {
    const b = primary();
    if (peek() === '^') {
      i++;
      return b ** unary();
    }
    return b;
  };
  const primary = (): number => {
    const c = peek();
    if (c === '(') {
      i++;
      const v = expr();
      if (s[i++] !== ')') throw new Error(`missing ) in ${s}`);
      return v;
    }
    if (c === '√') {
      i++;
      return Math.sqrt(primary());
    }
    if (c === 'π') {
      i++;
      return Math.PI;
    }
    if (c !== undefined && /[\d.]/.test(c)) {
      const m = /^\d*\.?\d+/.exec(s.slice(i));
      if (!m) throw new Error(`bad number in ${s}`);
      i += m[0].length;
      return Number(m[0]);
    }
    if (c !== undefined && /[a-z]/.test(c)) {
      i++;
      const v = vars[c];
      if (v === undefined) throw new Error(`unknown variable ${c} in ${s}`);
      return v;
    }
    throw new Error(`cannot parse "${src}" at ${i}`);
  };
  const v = expr();
  if (i !== s.length) throw new Error(`trailing input in "${src}"`);
  return v;
}
/** Two expressions in x agree at several sample points. */
const sameFunction = (a: string, b: string, xs = [-2, -1, 0, 0.5, 1, 2, 3]): boolean =>
  xs.every((x) => close(evalExpr(a, { x }), evalExpr(b, { x }), 1e-9));
const derivative = (f: string, x: number): number => {
  const h = 1e-4;
  return (evalExpr(f, { x: x + h }) - evalExpr(f, { x: x - h })) / (2 * h);
};
/** Equation "lhs = rhs" holds for the given variable values. */
const holds = (eq: string, vars: Record<string, number>): boolean => {
  const [l = '', r = ''] = eq.split(' = ');
  return close(evalExpr(l, vars), evalExpr(r, vars), 1e-9);
};
/** Coefficients [c, b, a] of a quadratic expression in x (read off by evaluation). */
const quadCoeffs = (p: string, vars: Record<string, number> = {}): [number, number, number] => {
  const c = evalExpr(p, { ...vars, x: 0 });
  const p1 = evalExpr(p, { ...vars, x: 1 });
  const m1 = evalExpr(p, { ...vars, x: -1 });
  return [c, (p1 - m1) / 2, (p1 + m1) / 2 - c];
};
/** [a, b, c] of a linear equation "ax + by = c" (read off by evaluation). */
const linCoeffs = (eq: string, vars: Record<string, number> = {}): [number, number, number] => {
  const [l = '', r = ''] = eq.split(' = ');
  const at = (x: number, y: number) => evalExpr(l, { ...vars, x, y });
  return [at(1, 0) - at(0, 0), at(0, 1) - at(0, 0), evalExpr(r, vars) - at(0, 0)];
};

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const lcm = (a: number, b: number): number => Math.abs(a * b) / gcd(a, b);
const isPrime = (n: number): boolean =>
  n > 1 && Array.from({ length: Math.floor(Math.sqrt(n)) - 1 }, (_, i) => i + 2).every((d) => n % d !== 0);
/** Binomial coefficients from Pascal's triangle (independent of the generator's formula). */
const pascal = (n: number, r: number): number => {
  let row = [1];
  for (let k = 0; k < n; k++) row = [1, ...row.slice(1).map((x, i) => x + (row[i] ?? 0)), 1];
  return row[r] ?? 0;
};
const perms = (n: number, r: number): number => Array.from({ length: r }, (_, i) => n - i).reduce((p, x) => p * x, 1);

// ---------------------------------------------------------------------------------------------
// Assertions

/** Exactly the marked options satisfy `isRight`. */
function marked(q: Q, isRight: (option: string) => boolean): void {
  q.options.forEach((o, i) => expect(isRight(o), `${q.text} | option "${o}"`).toBe(q.answer.includes(i)));
}
const markedValue = (q: Q, v: number, tol = 1e-9): void => marked(q, (o) => close(num(o), v, tol));
function truth(q: Q, t: boolean): void {
  expect(q.type, q.text).toBe('true_false');
  expect(q.answer, q.text).toEqual([t ? 0 : 1]);
}

// ---------------------------------------------------------------------------------------------
// Independent helpers for specific topics

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const mod = (a: number, m: number) => ((a % m) + m) % m;
const clockMinutes = (h: string, m: string, ap: string): number =>
  (Number(h) % 12) * 60 + Number(m) + (ap === 'pm' ? 720 : 0);
const parseClock = (s: string): number => {
  const m = must(/(\d+):(\d\d) (am|pm)/, s);
  return clockMinutes(g(m, 1), g(m, 2), g(m, 3));
};
const parseDuration = (s: string): number => {
  const h = /(\d+) hours?/.exec(s);
  const m = /(\d+) minutes?/.exec(s);
  return (h ? Number(h[1]) * 60 : 0) + (m ? Number(m[1]) : 0);
};
function toRoman(n: number): string {
  const digits = [
    ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'],
    ['', 'X', 'XX', 'XXX', 'XL', 'L', 'LX', 'LXX', 'LXXX', 'XC'],
    ['', 'C', 'CC', 'CCC', 'CD', 'D', 'DC', 'DCC', 'DCCC', 'CM'],
  ];
  const s = String(n).padStart(4, '0');
  return 'M'.repeat(Number(s[0])) + [2, 1, 0].map((p) => digits[p]?.[Number(s[3 - p])] ?? '').join('');
}
function fromRoman(r: string): number {
  const v: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  return [...r].reduce((t, c, i) => {
    const cur = v[c] ?? 0;
    const next = v[r[i + 1] ?? ''] ?? 0;
    return t + (cur < next ? -cur : cur);
  }, 0);
}
function indianCommas(d: string): string {
  if (d.length <= 3) return d;
  const head = d.slice(0, -3);
  const groups: string[] = [];
  for (let e = head.length; e > 0; e -= 2) groups.unshift(head.slice(Math.max(0, e - 2), e));
  return `${groups.join(',')},${d.slice(-3)}`;
}
const intlCommas = (d: string): string => {
  const out: string[] = [];
  for (let e = d.length; e > 0; e -= 3) out.unshift(d.slice(Math.max(0, e - 3), e));
  return out.join(',');
};
const heron = (a: number, b: number, c: number): number => {
  const s = (a + b + c) / 2;
  return Math.sqrt(s * (s - a) * (s - b) * (s - c));
};
function isRationalText(x: string): boolean {
  const s = norm(x);
  if (s === 'π') return false;
  if (/^0\.1010010001/.test(s)) return false;
  if (s.includes('…')) return true; // the remaining ones are repeating decimals
  const roots = [...s.matchAll(/√(\((\d+)\/(\d+)\)|\d+)/g)];
  const sq = (n: number) => Number.isInteger(Math.sqrt(n));
  return roots.every((m) => (m[2] ? sq(Number(m[2])) && sq(Number(m[3])) : sq(Number(m[1]))));
}
/** Decimal digits of p/q by long division. */
function longDivision(p: number, q: number, places: number): string {
  let out = `${Math.floor(p / q)}.`;
  let r = p % q;
  for (let i = 0; i < places; i++) {
    r *= 10;
    out += String(Math.floor(r / q));
    r %= q;
  }
  return out;
}
function parseComplex(src: string): [number, number] {
  const s = norm(src).replace(/\s+/g, '');
  if (!s.endsWith('i')) return [Number(s), 0];
  const body = s.slice(0, -1);
  const k = Math.max(body.lastIndexOf('+'), body.lastIndexOf('-'));
  const [re, im] = k > 0 ? [body.slice(0, k), body.slice(k)] : ['0', body];
  const imag = im === '' || im === '+' ? 1 : im === '-' ? -1 : Number(im);
  return [Number(re), imag];
}
const parseSet = (s: string): number[] => (s.trim() === 'φ' ? [] : nums(s).sort((a, b) => a - b));
const matrix = (s: string): number[][] => JSON.parse(norm(s)) as number[][];
const matMul = (A: number[][], B: number[][]): number[][] =>
  A.map((row) => (B[0] ?? []).map((_, j) => row.reduce((t, x, k) => t + x * (B[k]?.[j] ?? 0), 0)));
function detLeibniz(A: number[][]): number {
  const n = A.length;
  const idx = Array.from({ length: n }, (_, i) => i);
  const permutations = (xs: number[]): number[][] =>
    xs.length <= 1
      ? [xs]
      : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  return permutations(idx).reduce((t, p) => {
    let inversions = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if ((p[i] ?? 0) > (p[j] ?? 0)) inversions++;
    return t + (inversions % 2 ? -1 : 1) * p.reduce((prod, col, row) => prod * (A[row]?.[col] ?? 0), 1);
  }, 0);
}
const wordCache = new Map<string, string[]>();
function distinctArrangements(word: string): string[] {
  const hit = wordCache.get(word);
  if (hit) return hit;
  const out = new Set<string>();
  const walk = (prefix: string, rest: string) => {
    if (!rest) out.add(prefix);
    const used = new Set<string>();
    for (let i = 0; i < rest.length; i++) {
      const c = rest[i] ?? '';
      if (used.has(c)) continue;
      used.add(c);
      walk(prefix + c, rest.slice(0, i) + rest.slice(i + 1));
    }
  };
  walk('', word);
  const list = [...out];
  wordCache.set(word, list);
  return list;
}
/** Composite Simpson's rule: exact for polynomials up to degree 3. */
const simpson = (f: string, a: number, b: number): number => {
  const n = 6;
  const h = (b - a) / n;
  let s = evalExpr(f, { x: a }) + evalExpr(f, { x: b });
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * evalExpr(f, { x: a + i * h });
  return (s * h) / 3;
};
const DIE: Record<string, (x: number) => boolean> = {
  even: (x) => x % 2 === 0,
  odd: (x) => x % 2 === 1,
  'a prime number': (x) => [2, 3, 5].includes(x),
  'a multiple of 3': (x) => x % 3 === 0,
};
const dieEvent = (phrase: string): ((x: number) => boolean) => {
  const gt = /greater than (\d)/.exec(phrase);
  if (gt) return (x) => x > Number(gt[1]);
  const lt = /less than (\d)/.exec(phrase);
  if (lt) return (x) => x < Number(lt[1]);
  const f = DIE[phrase];
  if (!f) throw new Error(`unknown event ${phrase}`);
  return f;
};
/** a₁, a₂, a₃ of a printed sequence "5, 9, 13, …" (terms may be fractions). */
const seqTerms = (s: string): number[] =>
  s
    .split(', ')
    .filter((t) => t !== '…')
    .map(num);

// ---------------------------------------------------------------------------------------------
// One checker per generator

const addPair = (q: Q) => {
  const [a = 0, b = 0] = nums(q.text);
  markedValue(q, a + b);
};
const subPair = (q: Q) => {
  const [a = 0, b = 0] = nums(q.text);
  markedValue(q, a - b);
};
const mulPair = (q: Q) => {
  const [a = 0, b = 0] = nums(q.text);
  markedValue(q, a * b);
};
const divPair = (q: Q) => {
  const [a = 0, b = 0] = nums(q.text);
  markedValue(q, a / b);
};
/** "expression = ____" questions: evaluate the expression. */
const blankExpr = (q: Q) => markedValue(q, evalExpr(must(/^(.*) = ____$/, q.text)[1] ?? ''), 1e-9);
/** "Solve for v: lhs = rhs" questions: substitute each option. */
const equation = (q: Q) => {
  const m = must(/^Solve for ([a-z]): (.*)$/, q.text);
  marked(q, (o) => holds(g(m, 2), { [g(m, 1)]: num(o.split('=')[1] ?? '') }));
};

const CHECKS: Record<string, (q: Q) => void> = {
  // ----- grade 1
  'count-objects': (q) => markedValue(q, (q.text.match(/\p{Extended_Pictographic}/gu) ?? []).length),
  'compare-numbers-small': (q) => {
    const tf = /(\d+) is (more|less) than (\d+)/.exec(q.text);
    if (tf) return truth(q, tf[2] === 'more' ? gn(tf, 1) > gn(tf, 3) : gn(tf, 1) < gn(tf, 3));
    const ns = nums(q.text);
    markedValue(q, q.text.includes('biggest') ? Math.max(...ns) : Math.min(...ns));
  },
  'add-within-10': addPair,
  'add-within-20': addPair,
  'subtract-within-10': subPair,
  'subtract-within-20': subPair,
  'number-before-after': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    if (q.text.includes('just after')) return markedValue(q, a + 1);
    if (q.text.includes('just before')) return markedValue(q, a - 1);
    expect(b - a).toBe(2);
    markedValue(q, (a + b) / 2);
  },
  'teens-tens-ones': (q) => {
    const m = /^(\d+) = 1 ten and ____ ones$|^How many ones are there in (\d+) after making 1 ten\?$/.exec(q.text);
    if (m) return markedValue(q, num(g(m, 1) || g(m, 2)) - 10);
    const t = must(/^(?:1 ten and (\d) ones? make ____\.|Which number has 1 ten and (\d) ones?\?)$/, q.text);
    markedValue(q, 10 + Number(g(t, 1) || g(t, 2)));
  },
  // ----- grade 2
  'skip-counting': (q) => {
    const items = must(/: (.*)$/, q.text)[1]?.split(', ') ?? [];
    const hole = items.indexOf('____');
    const known = items.map((x) => (x === '____' ? NaN : Number(x)));
    const k = known.findIndex((x, i) => !Number.isNaN(x) && !Number.isNaN(known[i + 1] ?? NaN));
    const step = (known[k + 1] ?? 0) - (known[k] ?? 0);
    const ref = known.findIndex((x) => !Number.isNaN(x));
    markedValue(q, (known[ref] ?? 0) + (hole - ref) * step);
  },
  'tens-and-ones': (q) => {
    let m = /^(\d) tens and (\d) ones make ____\.$/.exec(q.text);
    if (m) return markedValue(q, 10 * gn(m, 1) + gn(m, 2));
    m = /How many tens are there in (\d+)\?/.exec(q.text);
    if (m) return markedValue(q, Math.floor(gn(m, 1) / 10));
    m = must(/^In (\d+), the digit (\d) stands for ____\.$/, q.text);
    const [n, d] = [g(m, 1), g(m, 2)];
    markedValue(q, n[0] === d ? Number(d) * 10 : Number(d));
  },
  'add-2digit-no-carry': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    expect((a % 10) + (b % 10)).toBeLessThan(10);
    markedValue(q, a + b);
  },
  'add-2digit-carry': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    expect((a % 10) + (b % 10)).toBeGreaterThanOrEqual(10);
    markedValue(q, a + b);
  },
  'subtract-2digit': subPair,
  'add-subtract-stories': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    const takeAway = /got off|How many more|is left\?/.test(q.text);
    const together = /got on|more stickers|in all\?/.test(q.text);
    expect(takeAway !== together, q.text).toBe(true);
    markedValue(q, takeAway ? a - b : a + b);
  },
  'days-of-week': (q) => {
    let m = /Today is (\w+)\. What day will it be (\d) days from today\?/.exec(q.text);
    if (m) return marked(q, (o) => o === DAYS[mod(DAYS.indexOf(g(m!, 1)) + gn(m!, 2), 7)]);
    m = /Today is (\w+)\. What day was it (\d) days ago\?/.exec(q.text);
    if (m) return marked(q, (o) => o === DAYS[mod(DAYS.indexOf(g(m!, 1)) - gn(m!, 2), 7)]);
    m = must(/comes just (after|before) (\w+)\?/, q.text);
    marked(q, (o) => o === DAYS[mod(DAYS.indexOf(g(m!, 2)) + (g(m!, 1) === 'after' ? 1 : -1), 7)]);
  },
  'months-of-year': (q) => {
    let m = /comes just (after|before) (\w+)\?/.exec(q.text);
    if (m) return marked(q, (o) => o === MONTHS[mod(MONTHS.indexOf(g(m!, 2)) + (g(m!, 1) === 'after' ? 1 : -1), 12)]);
    m = /Which is the (\d+)\w\w month/.exec(q.text);
    if (m) return marked(q, (o) => o === MONTHS[gn(m!, 1) - 1]);
    m = must(/How many days are there in (\w+)\?/, q.text);
    const month = MONTHS.indexOf(g(m, 1));
    expect(month).not.toBe(1);
    markedValue(q, new Date(Date.UTC(2023, month + 1, 0)).getUTCDate());
  },
  // ----- grade 3
  'place-value-3digit': (q) => {
    let m = /place value of (\d) in (\d+)\?/.exec(q.text);
    if (m) {
      const n = g(m, 2);
      return markedValue(q, Number(g(m, 1)) * 10 ** (n.length - 1 - n.indexOf(g(m, 1))));
    }
    m = /^(\d) hundreds, (\d) tens and (\d) ones? make ____\.$/.exec(q.text);
    if (m) return markedValue(q, 100 * gn(m, 1) + 10 * gn(m, 2) + gn(m, 3));
    m = must(/^(\d+) = (\d+) \+ ____ \+ (\d+)$/, q.text);
    markedValue(q, gn(m, 1) - gn(m, 2) - gn(m, 3));
  },
  'compare-order-3digit': (q) => {
    const tf = /(\d+) is (greater|smaller) than (\d+)/.exec(q.text);
    if (tf) return truth(q, tf[2] === 'greater' ? gn(tf, 1) > gn(tf, 3) : gn(tf, 1) < gn(tf, 3));
    const ns = nums(q.text);
    markedValue(q, q.text.includes('greatest') ? Math.max(...ns) : Math.min(...ns));
  },
  'add-3digit': addPair,
  'subtract-3digit': subPair,
  'times-tables': mulPair,
  'multiply-2digit-by-1digit': mulPair,
  'rupees-paise': (q) => {
    let m = /^₹(\d+) and (\d+) paise = ____ paise$/.exec(q.text);
    if (m) return markedValue(q, 100 * gn(m, 1) + gn(m, 2));
    m = /^(\d+) paise = ₹____$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) / 100);
    m = must(/^₹(\d+)\.(\d\d) = ____ paise$/, q.text);
    markedValue(q, 100 * gn(m, 1) + gn(m, 2));
  },
  'shopping-bill': (q) => {
    const [x = 0, y = 0, paid = 0] = nums(q.text);
    markedValue(q, q.text.includes('change') ? paid - x - y : x + y);
  },
  // ----- grade 4
  'clock-24-hour': (q) => {
    const m = /shows (\d\d):(\d\d)\./.exec(q.text);
    if (m) {
      const h = gn(m, 1);
      return marked(q, (o) => o === `${h % 12 === 0 ? 12 : h % 12}:${g(m, 2)} ${h < 12 ? 'am' : 'pm'}`);
    }
    const t = parseClock(q.text);
    marked(q, (o) => o === `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  },
  'time-duration': (q) => {
    const times = [...q.text.matchAll(/(\d+):(\d\d) (am|pm)/g)].map((m) =>
      clockMinutes(m[1] ?? '', m[2] ?? '', m[3] ?? ''),
    );
    if (q.text.includes('How long')) return marked(q, (o) => parseDuration(o) === (times[1] ?? 0) - (times[0] ?? 0));
    const d = parseDuration(must(/lasts (.*)\. At what/, q.text)[1] ?? '');
    marked(q, (o) => parseClock(o) === (times[0] ?? 0) + d);
  },
  'fraction-of-quantity': (q) => {
    const f = /three-quarters/.test(q.text)
      ? 3 / 4
      : /quarter/.test(q.text)
        ? 1 / 4
        : /half/.test(q.text)
          ? 1 / 2
          : NaN;
    markedValue(q, (nums(q.text)[0] ?? 0) * f);
  },
  'fraction-parts-of-whole': (q) => {
    const [d = 1, k = 0] = nums(q.text);
    markedValue(q, (q.text.endsWith('left?') ? d - k : k) / d);
  },
  'divide-exact-sharing': divPair,
  'quotient-remainder': (q) => {
    const [n = 0, d = 1] = nums(q.text);
    marked(q, (o) => {
      const [qq = 0, r = 0] = nums(o);
      return qq * d + r === n && r >= 0 && r < d;
    });
  },
  'perimeter-rectangle': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    markedValue(q, q.text.includes('square') ? 4 * a : 2 * (a + b));
  },
  'area-rectangle-squares': mulPair,
  // ----- grade 5
  'factors-multiples-select': (q) => {
    expect(q.text).toContain('Select all that apply');
    const f = /factors of (\d+)/.exec(q.text);
    if (f) return marked(q, (o) => gn(f, 1) % num(o) === 0);
    const m = must(/multiples of (\d+)/, q.text);
    marked(q, (o) => num(o) % gn(m, 1) === 0);
  },
  'common-multiples-factors': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    if (/smallest common multiple|first land together/.test(q.text)) return markedValue(q, lcm(a, b));
    expect(q.text).toContain('biggest common factor');
    markedValue(q, gcd(a, b));
  },
  'equivalent-fractions': (q) => {
    let m = /(\d+)\/(\d+) = ____\/(\d+)$/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) * gn(m, 3)) / gn(m, 2));
    m = /(\d+)\/(\d+) = (\d+)\/____$/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 2) * gn(m, 3)) / gn(m, 1));
    m = must(/equivalent to (\d+)\/(\d+)\?/, q.text);
    marked(q, (o) => {
      const [x = 0, y = 1] = nums(o);
      return x * gn(m!, 2) === y * gn(m!, 1);
    });
  },
  'compare-fractions-simple': (q) => {
    const tf = /(\d+\/\d+) is greater than (\d+\/\d+)/.exec(q.text);
    if (tf) return truth(q, num(g(tf, 1)) > num(g(tf, 2)));
    const vals = [...q.text.matchAll(/\d+\/\d+/g)].map((m) => num(m[0]));
    markedValue(q, q.text.includes('largest') ? Math.max(...vals) : Math.min(...vals));
  },
  'tenths-hundredths': (q) => {
    const m = /Write (\d+)\/(10|100) as a decimal/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) / gn(m, 2));
    const t = must(/(\d) tenths and (\d) hundredths?/, q.text);
    markedValue(q, gn(t, 1) / 10 + gn(t, 2) / 100);
  },
  'length-decimal': (q) => {
    let m = /^(\d+) cm (\d+) mm = ____ cm$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + gn(m, 2) / 10);
    m = /^(\d+) cm = ____ m$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) / 100);
    m = /^(\d+) m (\d+) cm = ____ m$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + gn(m, 2) / 100);
    m = must(/^([\d.]+) cm = ____ mm$/, q.text);
    markedValue(q, gn(m, 1) * 10);
  },
  'long-multiplication': mulPair,
  'long-division': divPair,
  // ----- grade 6
  'indian-international-numbers': (q) => {
    const m = /Place commas in (\d+) using the (Indian|International) system/.exec(q.text);
    if (m) return marked(q, (o) => o === (g(m, 2) === 'Indian' ? indianCommas(g(m, 1)) : intlCommas(g(m, 1))));
    const units: Record<string, number> = { thousand: 1e3, lakh: 1e5, million: 1e6, crore: 1e7, billion: 1e9 };
    const c = must(/^(\d+) (\w+) = ____ (\w+)$/, q.text);
    markedValue(q, (gn(c, 1) * (units[g(c, 2)] ?? NaN)) / (units[g(c, 3)] ?? NaN));
  },
  'rounding-estimation': (q) => {
    const place: Record<string, number> = { ten: 10, hundred: 100, thousand: 1000 };
    const r = (n: number, p: number) => Math.round(n / p) * p;
    const m = /Round (\S+) to the nearest (\w+)\./.exec(q.text);
    if (m) return markedValue(q, r(gn(m, 1), place[g(m, 2)] ?? NaN));
    const e = must(/Estimate (\S+) ([+−]) (\S+) by rounding each number to the nearest (\w+)\./, q.text);
    const p = place[g(e, 4)] ?? NaN;
    markedValue(q, r(gn(e, 1), p) + (g(e, 2) === '+' ? 1 : -1) * r(gn(e, 3), p));
  },
  'roman-numerals': (q) => {
    const m = /Write (\d+) in Roman numerals/.exec(q.text);
    if (m) return marked(q, (o) => o === toRoman(gn(m, 1)));
    markedValue(q, fromRoman(g(must(/Roman numeral ([IVXLCDM]+) stand/, q.text), 1)));
  },
  'predecessor-successor': (q) => {
    const m = /(successor|predecessor) of (\S+)\?/.exec(q.text);
    if (m) return markedValue(q, gn(m, 2) + (g(m, 1) === 'successor' ? 1 : -1));
    const b = must(/between (\d+) and (\d+)\?/, q.text);
    markedValue(q, gn(b, 2) - gn(b, 1) - 1);
  },
  'whole-number-properties': (q) => {
    if (/distributive property to find|suitable rearrangement/.test(q.text))
      return markedValue(
        q,
        nums(q.text).reduce((p, x) => p * x, 1),
      );
    const stmt = g(must(/shown by (.*)\?$/, q.text), 1);
    const name = stmt.includes('(')
      ? stmt.includes('×') && stmt.includes('+')
        ? 'Distributive property of multiplication over addition'
        : stmt.includes('+')
          ? 'Associative property of addition'
          : 'Associative property of multiplication'
      : /^\d+ \+ 0 = \d+$/.test(stmt)
        ? 'Additive identity (adding 0)'
        : /^\d+ × 1 = \d+$/.test(stmt)
          ? 'Multiplicative identity (multiplying by 1)'
          : stmt.includes('+')
            ? 'Commutative property of addition'
            : 'Commutative property of multiplication';
    expect(holds(stmt, {}), stmt).toBe(true);
    marked(q, (o) => o === name);
  },
  'divisibility-tests': (q) => {
    const tf = /^True or false: (\S+) is divisible by (\d+)\.$/.exec(q.text);
    if (tf) return truth(q, gn(tf, 1) % gn(tf, 2) === 0);
    expect(q.text).toContain('Select all that apply');
    const n = num(g(must(/apply: (\S+) is divisible/, q.text), 1));
    marked(q, (o) => n % num(o) === 0);
  },
  'prime-factorisation': (q) => {
    const m = /prime factorisation of (\S+)\?/.exec(q.text);
    if (m)
      return marked(
        q,
        (o) =>
          o.split(' × ').every((f) => isPrime(Number(f))) &&
          o.split(' × ').reduce((p, f) => p * Number(f), 1) === gn(m, 1),
      );
    marked(q, (o) => isPrime(num(o)));
  },
  'hcf-lcm': (q) => {
    const ns = nums(q.text);
    markedValue(q, q.text.includes('HCF') ? ns.reduce(gcd) : ns.reduce(lcm));
  },
  'fraction-simplest-form': (q) => {
    const m = /Reduce (\d+)\/(\d+) to/.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const [a = 0, b = 1] = nums(o);
        return gcd(a, b) === 1 && a * gn(m, 2) === b * gn(m, 1);
      });
    const t = must(/(\d+)\/(\d+) and (\d+)\/(\d+) are equivalent/, q.text);
    truth(q, gn(t, 1) * gn(t, 4) === gn(t, 2) * gn(t, 3));
  },
  'fraction-add-subtract': (q) => markedValue(q, evalExpr(g(must(/^Find (.*)\. Give/, q.text), 1))),
  'decimal-add-subtract': (q) => {
    const [a = 0, b = 0] = nums(q.text);
    const add = / \+ |in all|total length/.test(q.text);
    const sub = / − |left\?/.test(q.text);
    expect(add !== sub, q.text).toBe(true);
    markedValue(q, add ? a + b : a - b);
  },
  'decimal-fraction-conversion': (q) => {
    const m = /Write ([\d.]+) as a fraction in its lowest terms/.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const [a = 0, b = 1] = nums(o);
        return gcd(a, b) === 1 && close(a / b, gn(m, 1));
      });
    const f = must(/Write (\d+)\/(\d+) as a decimal/, q.text);
    markedValue(q, gn(f, 1) / gn(f, 2));
  },
  'units-as-decimals': (q) => {
    let m = /^(\d+) rupees (\d+) paise = ₹____$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + gn(m, 2) / 100);
    m = /^(\d+) g = ____ kg$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) / 1000);
    m = /^(\d+) km (\d+) m = ____ km$/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + gn(m, 2) / 1000);
    m = must(/^(\d+) litres (\d+) ml = ____ litres$/, q.text);
    markedValue(q, gn(m, 1) + gn(m, 2) / 1000);
  },
  // ----- grade 7
  'integer-add-subtract': (q) => {
    const m = /was (−?\d+) °C\. By noon it had (risen|fallen) by (\d+) °C/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + (g(m, 2) === 'risen' ? 1 : -1) * gn(m, 3));
    blankExpr(q);
  },
  'integer-multiply-divide': blankExpr,
  'fraction-multiply-divide': (q) => markedValue(q, evalExpr(g(must(/^Find (.*)\. Give/, q.text), 1))),
  'decimal-multiply-divide': blankExpr,
  'solve-simple-equation': equation,
  'equation-word-problems': (q) => {
    let m = /multiplies it by (\d+) and then (adds|subtracts) (\d+)\. The result is (\d+)\./.exec(q.text);
    if (m) return marked(q, (o) => num(o) * gn(m!, 1) + (g(m!, 2) === 'adds' ? 1 : -1) * gn(m!, 3) === gn(m!, 4));
    m = /mother is (\d+) years older than \w+\. The sum of their ages is (\d+) years/.exec(q.text);
    if (m) return marked(q, (o) => 2 * num(o) + gn(m!, 1) === gn(m!, 2));
    m = /length of a rectangle is (\d+) m more than its breadth\. Its perimeter is (\d+) m/.exec(q.text);
    if (m) return marked(q, (o) => 2 * (2 * num(o) + gn(m!, 1)) === gn(m!, 2));
    m = must(/has (\d+) times as many marbles as \w+\. Together they have (\d+) marbles/, q.text);
    marked(q, (o) => num(o) * (gn(m!, 1) + 1) === gn(m!, 2));
  },
  'triangle-angle-sum': (q) => {
    let m = /Two angles of a triangle are (\d+)° and (\d+)°/.exec(q.text);
    if (m) return markedValue(q, 180 - gn(m, 1) - gn(m, 2));
    m = /ratio (\d+) : (\d+) : (\d+)\. Find the (largest|smallest)/.exec(q.text);
    if (m) {
      const parts = [gn(m, 1), gn(m, 2), gn(m, 3)];
      const unit = 180 / parts.reduce((a, b) => a + b, 0);
      return markedValue(q, unit * (g(m, 4) === 'largest' ? Math.max(...parts) : Math.min(...parts)));
    }
    m = /one acute angle is (\d+)°/.exec(q.text);
    if (m) return markedValue(q, 90 - gn(m, 1));
    m = must(/angle between the two equal sides is (\d+)°/, q.text);
    markedValue(q, (180 - gn(m, 1)) / 2);
  },
  'exterior-angle-property': (q) => {
    const m = /interior opposite angles of an exterior angle of a triangle are (\d+)° and (\d+)°/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + gn(m, 2));
    const e = must(/exterior angle of a triangle is (\d+)° and one of its interior opposite angles is (\d+)°/, q.text);
    markedValue(q, gn(e, 1) - gn(e, 2));
  },
  pythagoras: (q) => {
    let m = /shorter sides of a right-angled triangle are (\d+) cm and (\d+) cm/.exec(q.text);
    if (m) return markedValue(q, Math.hypot(gn(m, 1), gn(m, 2)));
    m = /hypotenuse of a right-angled triangle is (\d+) cm and one of the other sides is (\d+) cm/.exec(q.text);
    if (m) return markedValue(q, Math.sqrt(gn(m, 1) ** 2 - gn(m, 2) ** 2));
    m = /ladder (\d+) m long reaches a window (\d+) m above/.exec(q.text);
    if (m) return markedValue(q, Math.sqrt(gn(m, 1) ** 2 - gn(m, 2) ** 2));
    const [a = 0, b = 0, c = 0] = nums(q.text).sort((x, y) => x - y);
    truth(q, a * a + b * b === c * c);
  },
  'percentage-of-quantity': (q) => {
    let m = /What is (\d+)% of ₹(\S+)\?/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) * gn(m, 2)) / 100);
    m = /scored (\d+) marks out of (\d+)/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) / gn(m, 2)) * 100);
    m = /Convert (\d+)\/(\d+) to a percentage/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) / gn(m, 2)) * 100);
    m = must(/school of (\d+) students, (\d+)% are girls\. How many boys/, q.text);
    markedValue(q, gn(m, 1) * (1 - gn(m, 2) / 100));
  },
  'profit-loss-percent': (q) => {
    const m = /for ₹(\S+) and sells it for ₹(\S+)\./.exec(q.text);
    if (m) {
      const [cp, sp] = [gn(m, 1), gn(m, 2)];
      return marked(q, (o) => {
        const r = must(/^(Profit|Loss) ([\d.]+)%$/, o);
        return g(r, 1) === (sp > cp ? 'Profit' : 'Loss') && close(gn(r, 2), (Math.abs(sp - cp) / cp) * 100);
      });
    }
    const s = must(/bought for ₹(\S+) and sold at a (profit|loss) of (\d+)%/, q.text);
    markedValue(q, gn(s, 1) * (1 + ((g(s, 2) === 'profit' ? 1 : -1) * gn(s, 3)) / 100));
  },
  'simple-interest': (q) => {
    let m = /simple interest on ₹(\S+) at (\d+)% per annum for (\d+) years/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) * gn(m, 2) * gn(m, 3)) / 100);
    m = /borrows ₹(\S+) at (\d+)% per annum simple interest\. How much must \w+ repay after (\d+) years/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) * (1 + (gn(m, 2) * gn(m, 3)) / 100));
    m = must(/will ₹(\S+) earn ₹(\S+) as simple interest in (\d+) years/, q.text);
    markedValue(q, (gn(m, 2) * 100) / (gn(m, 1) * gn(m, 3)));
  },
  // ----- grade 8
  'linear-equation-both-sides': equation,
  'linear-equation-word-problems': (q) => {
    let m = /sum of three consecutive integers is (\d+)\. What is the (smallest|largest)/.exec(q.text);
    if (m) {
      const x = (gn(m, 1) - 3) / 3;
      return markedValue(q, g(m, 2) === 'smallest' ? x : x + 2);
    }
    m = /differ by (\d+) and their sum is (\d+)/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) + gn(m, 2)) / 2);
    m = /ratio (\d+) : (\d+)\. After (\d+) years the sum of their ages will be (\d+) years/.exec(q.text);
    if (m) return markedValue(q, (gn(m, 1) * (gn(m, 4) - 2 * gn(m, 3))) / (gn(m, 1) + gn(m, 2)));
    m = must(
      /only ₹(\d+) and ₹(\d+) coins\. There are (\d+) times as many ₹\d+ coins as ₹\d+ coins, and the total amount is ₹(\d+)\./,
      q.text,
    );
    marked(q, (o) => num(o) * gn(m!, 1) + gn(m!, 3) * num(o) * gn(m!, 2) === gn(m!, 4));
  },
  'square-roots': (q) => {
    const radicand = evalExpr(g(must(/^Find √(.*)\.$/, q.text), 1));
    marked(q, (o) => close(num(o) ** 2, radicand) && num(o) > 0);
  },
  'perfect-squares-select': (q) => {
    expect(q.text).toContain('Select all that apply');
    marked(q, (o) => Number.isInteger(Math.sqrt(num(o))));
  },
  'smallest-multiplier-square': (q) => {
    const m = must(/by which (\S+) must be (multiplied|divided)/, q.text);
    const n = gn(m, 1);
    const sq = (x: number) => Number.isInteger(Math.sqrt(x));
    let k = 1;
    if (g(m, 2) === 'multiplied') while (!sq(n * k)) k++;
    else while (n % k !== 0 || !sq(n / k)) k++;
    markedValue(q, k);
  },
  discount: (q) => {
    const m = /marked price of a [\w ]+ is ₹(\S+)\. The shop gives a discount of (\d+)%/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) * (1 - gn(m, 2) / 100));
    const s = must(/marked at ₹(\S+) is sold for ₹(\S+)\./, q.text);
    markedValue(q, ((gn(s, 1) - gn(s, 2)) / gn(s, 1)) * 100);
  },
  'gst-tax': (q) => {
    const m = /costs ₹(\S+) before GST\. If GST is charged at (\d+)%/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) * (1 + gn(m, 2) / 100), 1e-6);
    const b = must(/paid ₹(\S+) for a [\w ]+, including GST at (\d+)%/, q.text);
    markedValue(q, gn(b, 1) / (1 + gn(b, 2) / 100), 1e-6);
  },
  'compound-interest': (q) => {
    const m = must(
      /₹(\S+) is invested at (\d+)% per annum, compounded annually, for (\d+) years\. Find the (amount|compound interest)/,
      q.text,
    );
    let amount = gn(m, 1);
    for (let y = 0; y < gn(m, 3); y++) amount += (amount * gn(m, 2)) / 100;
    markedValue(q, g(m, 4) === 'amount' ? amount : amount - gn(m, 1), 1e-9);
  },
  'identities-expand': (q) => {
    const e = g(must(/^Expand (.*) using a suitable identity\.$/, q.text), 1);
    marked(q, (o) => sameFunction(e, o));
  },
  'identity-arithmetic': (q) => markedValue(q, evalExpr(g(must(/find (.*)\.$/, q.text), 1))),
  'direct-proportion': (q) => {
    const [x1 = 1, y1 = 0, x2 = 0] = nums(q.text);
    markedValue(q, (y1 * x2) / x1);
  },
  'inverse-proportion': (q) => {
    const [a = 0, b = 0, c = 1] = nums(q.text);
    markedValue(q, (a * b) / c);
  },
  // ----- grade 9
  'rational-irrational': (q) => {
    expect(q.text).toContain('Select all that apply');
    const wantRational = / are rational\?$/.test(q.text);
    marked(q, (o) => isRationalText(o) === wantRational);
  },
  'recurring-decimal-fraction': (q) => {
    const m = must(/^Express (\d+)\.((?:\d\u0305?)+) /, q.text);
    const digits = [...g(m, 2).matchAll(/(\d)(\u0305?)/g)];
    const fixed = digits
      .filter((d) => !d[2])
      .map((d) => d[1])
      .join('');
    const block = digits
      .filter((d) => d[2])
      .map((d) => d[1])
      .join('');
    const expansion = `${g(m, 1)}.${(fixed + block.repeat(40)).slice(0, 30)}`;
    marked(q, (o) => {
      const [p = 0, d = 1] = nums(o);
      return gcd(p, d) === 1 && longDivision(p, d, 30) === expansion;
    });
  },
  'exponent-laws-real': (q) => {
    const e = g(must(/^(?:Evaluate|Simplify) (.*)\.$/, q.text), 1);
    q.options.forEach((o) => expect(Number.isFinite(evalExpr(o))).toBe(true));
    marked(q, (o) => close(evalExpr(o), evalExpr(e)));
  },
  'evaluate-polynomial': (q) => {
    const m = /^If p\(x\) = (.*), find p\((−?\d+)\)\.$/.exec(q.text);
    if (m) return markedValue(q, evalExpr(g(m, 1), { x: gn(m, 2) }));
    const z = must(/x = (−?\d+) is a zero of p\(x\) = (.*)\.$/, q.text);
    truth(q, evalExpr(g(z, 2), { x: gn(z, 1) }) === 0);
  },
  'factor-theorem': (q) => {
    const m = /for which x ([+−]) (\d+) is a factor of p\(x\) = (.*)\.$/.exec(q.text);
    if (m) {
      const root = (g(m, 1) === '−' ? 1 : -1) * gn(m, 2);
      return marked(q, (o) => evalExpr(g(m, 3), { x: root, k: num(o) }) === 0);
    }
    const t = must(/x ([+−]) (\d+) is a factor of p\(x\) = (.*)\.$/, q.text);
    truth(q, evalExpr(g(t, 3), { x: (g(t, 1) === '−' ? 1 : -1) * gn(t, 2) }) === 0);
  },
  'factorise-quadratic': (q) => {
    const p = g(must(/^Factorise (.*)\.$/, q.text), 1);
    marked(q, (o) => /^\(.*\)\(.*\)$/.test(o) && sameFunction(p, o));
  },
  'check-solution-two-var': (q) => {
    const pt = (s: string) => nums(s) as [number, number];
    const m = /^Which of these is a solution of the equation (.*)\?$/.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const [x, y] = pt(o);
        return holds(g(m, 1), { x, y });
      });
    const t = must(/^True or false: (\(.*?\)) is a solution of (.*)\.$/, q.text);
    const [x, y] = pt(g(t, 1));
    truth(q, holds(g(t, 2), { x, y }));
  },
  'find-missing-coordinate': (q) => {
    const m = /point \((k|−?\d+), (k|−?\d+)\) lies on the line (.*), find the value of k\.$/.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const k = num(o);
        return holds(g(m, 3), { x: g(m, 1) === 'k' ? k : gn(m, 1), y: g(m, 2) === 'k' ? k : gn(m, 2) });
      });
    const s = must(/x = (−?\d+) and y = (−?\d+) is a solution of the equation (.*) = k, find/, q.text);
    markedValue(q, evalExpr(g(s, 3), { x: gn(s, 1), y: gn(s, 2) }));
  },
  'heron-triangle-area': (q) => {
    const [a = 0, b = 0, c = 0] = nums(q.text);
    markedValue(q, heron(a, b, c));
  },
  'heron-special-triangles': (q) => {
    let m = /ratio (\d+) : (\d+) : (\d+) and its perimeter is (\d+) cm/.exec(q.text);
    if (m) {
      const k = gn(m, 4) / (gn(m, 1) + gn(m, 2) + gn(m, 3));
      return markedValue(q, heron(gn(m, 1) * k, gn(m, 2) * k, gn(m, 3) * k));
    }
    m = /two equal sides of (\d+) cm each and a base of (\d+) cm/.exec(q.text);
    if (m) return markedValue(q, heron(gn(m, 1), gn(m, 1), gn(m, 2)));
    const a = gn(must(/equilateral triangle of side (\d+) cm/, q.text), 1);
    marked(q, (o) => close(evalExpr(o.replace(' cm²', '')), heron(a, a, a)));
  },
  'cone-measures': (q) => {
    const m = must(
      /radius (\d+) cm and height (\d+) cm\. Find its (slant height|curved surface area|total surface area|volume)/,
      q.text,
    );
    const [r, h] = [gn(m, 1), gn(m, 2)];
    const l = Math.hypot(r, h);
    const pi = 22 / 7;
    const v = {
      'slant height': l,
      'curved surface area': pi * r * l,
      'total surface area': pi * r * (l + r),
      volume: (pi * r * r * h) / 3,
    }[g(m, 3)];
    markedValue(q, v ?? NaN, 1e-9);
  },
  'sphere-hemisphere': (q) => {
    const m = must(/Find the (.*) of a (sphere|hemisphere) of (radius|diameter) ([\d.]+) cm/, q.text);
    const r = g(m, 3) === 'radius' ? gn(m, 4) : gn(m, 4) / 2;
    const pi = 22 / 7;
    const table: Record<string, number> = {
      'sphere surface area': 4 * pi * r * r,
      'sphere volume': (4 / 3) * pi * r ** 3,
      'hemisphere curved surface area': 2 * pi * r * r,
      'hemisphere total surface area': 2 * pi * r * r + pi * r * r,
      'hemisphere volume': (2 / 3) * pi * r ** 3,
    };
    markedValue(q, table[`${g(m, 2)} ${g(m, 1)}`] ?? NaN, 1e-9);
  },
  // ----- grade 10
  'hcf-lcm-relation': (q) => {
    let m = /HCF of two numbers is (\d+) and their LCM is (\S+)\. If one of the numbers is (\d+)/.exec(q.text);
    if (m) return marked(q, (o) => gcd(gn(m!, 3), num(o)) === gn(m!, 1) && lcm(gn(m!, 3), num(o)) === gn(m!, 2));
    m = /HCF\((\d+), (\d+)\) = (\d+), find LCM/.exec(q.text);
    if (m) {
      expect(gcd(gn(m, 1), gn(m, 2))).toBe(gn(m, 3));
      return markedValue(q, lcm(gn(m, 1), gn(m, 2)));
    }
    m = must(/can have (\d+) as their HCF and (\S+) as their LCM/, q.text);
    truth(q, gn(m, 2) % gn(m, 1) === 0);
  },
  'hcf-lcm-word-problems': (q) => {
    const ns = nums(q.text);
    markedValue(q, /together|meet again/.test(q.text) ? ns.reduce(lcm) : ns.reduce(gcd));
  },
  'zeroes-sum-product': (q) => {
    const m = must(/zeroes of the polynomial (.*), find the value of (.*)\.$/, q.text);
    const [c, b, a] = quadCoeffs(g(m, 1));
    const D = Math.sqrt(b * b - 4 * a * c);
    const [x, y] = [(-b + D) / (2 * a), (-b - D) / (2 * a)];
    const target: Record<string, number> = {
      'α + β': x + y,
      αβ: x * y,
      'α² + β²': x * x + y * y,
      '1/α + 1/β': 1 / x + 1 / y,
    };
    markedValue(q, target[g(m, 2)] ?? NaN, 1e-7);
  },
  'quadratic-from-zeroes': (q) => {
    const z = /zeroes are (−?\d+) and (−?\d+)\./.exec(q.text);
    if (z)
      return marked(q, (o) => {
        const [, , a] = quadCoeffs(o);
        return a !== 0 && evalExpr(o, { x: gn(z, 1) }) === 0 && evalExpr(o, { x: gn(z, 2) }) === 0;
      });
    const sp = must(/sum and product of whose zeroes are (−?\d+) and (−?\d+) respectively/, q.text);
    marked(q, (o) => {
      const [c, b, a] = quadCoeffs(o);
      return a !== 0 && close(-b / a, gn(sp, 1)) && close(c / a, gn(sp, 2));
    });
  },
  'solve-linear-pair': (q) => {
    const w =
      /(\d+) pencils and (\d+) pens together cost ₹(\d+), while (\d+) pencils and (\d+) pens together cost ₹(\d+)\./.exec(
        q.text,
      );
    if (w)
      return marked(q, (o) => {
        const [x = 0, y = 0] = nums(o);
        return gn(w, 1) * x + gn(w, 2) * y === gn(w, 3) && gn(w, 4) * x + gn(w, 5) * y === gn(w, 6);
      });
    const m = must(/^Solve the pair of linear equations (.*) and (.*)\.$/, q.text);
    marked(q, (o) => {
      const [x = 0, y = 0] = nums(o);
      return holds(g(m, 1), { x, y }) && holds(g(m, 2), { x, y });
    });
  },
  'consistency-of-pair': (q) => {
    const classify = (e1: string, e2: string, vars: Record<string, number> = {}) => {
      const [a1, b1, c1] = linCoeffs(e1, vars);
      const [a2, b2, c2] = linCoeffs(e2, vars);
      if (!close(a1 * b2, a2 * b1)) return 'A unique solution';
      return close(a1 * c2, a2 * c1) && close(b1 * c2, b2 * c1) ? 'Infinitely many solutions' : 'No solution';
    };
    const m = /pair of equations (.*) and (.*) have\?$/.exec(q.text);
    if (m) return marked(q, (o) => o === classify(g(m, 1), g(m, 2)));
    const k = must(/will the equations (.*) and (.*) have no solution\?$/, q.text);
    marked(q, (o) => classify(g(k, 1), g(k, 2), { k: num(o) }) === 'No solution');
  },
  'solve-quadratic-factorisation': (q) => {
    const c = /product of two consecutive positive integers is (\d+)\./.exec(q.text);
    if (c)
      return marked(q, (o) => {
        const [a = 0, b = 0] = nums(o);
        return b === a + 1 && a > 0 && a * b === gn(c, 1);
      });
    const p = g(must(/quadratic equation (.*) = 0\.$/, q.text), 1);
    marked(q, (o) => {
      const [r1, r2] = o.split(' and ').map(num) as [number, number];
      return r1 !== r2 && Math.abs(evalExpr(p, { x: r1 })) < 1e-9 && Math.abs(evalExpr(p, { x: r2 })) < 1e-9;
    });
  },
  'nature-of-roots': (q) => {
    let m = /roots of the quadratic equation (.*) = 0\?$/.exec(q.text);
    if (m) {
      const [c, b, a] = quadCoeffs(g(m, 1));
      const D = b * b - 4 * a * c;
      return marked(
        q,
        (o) => o === (D > 0 ? 'Two distinct real roots' : D === 0 ? 'Two equal real roots' : 'No real roots'),
      );
    }
    m = /value of k for which the equation (.*) = 0 has two equal roots/.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const [c, b, a] = quadCoeffs(g(m!, 1), { k: num(o) });
        return a !== 0 && b * b - 4 * a * c === 0 && (!q.text.includes('positive') || num(o) > 0);
      });
    const [c, b, a] = quadCoeffs(g(must(/discriminant of the quadratic equation (.*) = 0\./, q.text), 1));
    markedValue(q, b * b - 4 * a * c);
  },
  'ap-nth-term': (q) => {
    const m = must(/the (\d+)\w\w term of the AP: (.*)$/, q.text);
    const [a = 0, b = 0, c = 0] = seqTerms(g(m, 2));
    expect(c - b).toBe(b - a);
    let t = a;
    for (let i = 1; i < gn(m, 1); i++) t += b - a;
    markedValue(q, t);
  },
  'ap-which-term': (q) => {
    const m = /Which term of the AP (.*) is (−?\d+)\?/.exec(q.text);
    if (m) {
      const [a = 0, b = 0] = seqTerms(g(m, 1));
      let n = 1;
      for (let t = a; t !== gn(m, 2); t += b - a) n++;
      return markedValue(q, n);
    }
    const d = must(/How many (two|three)-digit numbers are divisible by (\d+)\?/, q.text);
    const [lo, hi] = g(d, 1) === 'two' ? [10, 99] : [100, 999];
    let count = 0;
    for (let x = lo; x <= hi; x++) if (x % gn(d, 2) === 0) count++;
    markedValue(q, count);
  },
  'ap-sum': (q) => {
    let m = /sum of the first (\d+) terms of the AP: (.*)$/.exec(q.text);
    const sumOf = (a: number, d: number, n: number) =>
      Array.from({ length: n }, (_, i) => a + i * d).reduce((s, x) => s + x, 0);
    if (m) {
      const [a = 0, b = 0] = seqTerms(g(m, 2));
      return markedValue(q, sumOf(a, b - a, gn(m, 1)));
    }
    m = /^Find the sum (.*) \+ … \+ (\d+)\.$/.exec(q.text);
    if (m) {
      const [a = 0, b = 0] = g(m, 1).split(' + ').map(Number);
      let s = 0;
      for (let t = a; t <= gn(m, 2); t += b - a) s += t;
      return markedValue(q, s);
    }
    m = /first (\d+) positive multiples of (\d+)/.exec(q.text);
    if (m) return markedValue(q, sumOf(gn(m, 2), gn(m, 2), gn(m, 1)));
    m = must(/first (\d+) odd natural numbers/, q.text);
    markedValue(q, sumOf(1, 2, gn(m, 1)));
  },
  // ----- grade 11
  'set-operations': (q) => {
    const set = (name: string) => parseSet(g(must(new RegExp(`${name} = \\{([^}]*)\\}`), q.text), 1));
    const [A, B] = [set('A'), set('B')];
    const op = g(must(/find (.*)\.$/, q.text), 1);
    const U = op === 'A′' ? set('U') : [];
    const all = [...new Set([...A, ...B, ...U])].sort((a, b) => a - b);
    const result = all.filter((x) =>
      op === 'A ∪ B'
        ? A.includes(x) || B.includes(x)
        : op === 'A ∩ B'
          ? A.includes(x) && B.includes(x)
          : op === 'A − B'
            ? A.includes(x) && !B.includes(x)
            : op === 'B − A'
              ? B.includes(x) && !A.includes(x)
              : U.includes(x) && !A.includes(x),
    );
    marked(q, (o) => JSON.stringify(parseSet(o)) === JSON.stringify(result));
  },
  'sets-counting': (q) => {
    let m = /group of (\d+) people, (\d+) speak Hindi and (\d+) speak English\. Everyone speaks at least one/.exec(
      q.text,
    );
    if (m) return markedValue(q, gn(m, 2) + gn(m, 3) - gn(m, 1));
    m = /n\(A\) = (\d+), n\(B\) = (\d+) and n\(A ∩ B\) = (\d+), find n\(A ∪ B\)/.exec(q.text);
    if (m) return markedValue(q, gn(m, 1) + gn(m, 2) - gn(m, 3));
    m = must(
      /class of (\d+) students, (\d+) like cricket, (\d+) like football and (\d+) like both games\. How many students like (neither game|only cricket)/,
      q.text,
    );
    if (g(m, 5) === 'neither game') return markedValue(q, gn(m, 1) - (gn(m, 2) + gn(m, 3) - gn(m, 4)));
    markedValue(q, gn(m, 2) - gn(m, 4));
  },
  'subsets-count': (q) => {
    const m = /A set has (\d+) subsets/.exec(q.text);
    if (m) return markedValue(q, Math.log2(gn(m, 1)));
    const n = g(must(/\{([^}]*)\}/, q.text), 1).split(', ').length;
    markedValue(q, q.text.includes('proper subsets') ? 2 ** n - 1 : 2 ** n);
  },
  'complex-arithmetic': (q) => {
    const m = must(/^Express \((.*)\) ([+−×]) \((.*)\) in the form a \+ ib\.$/, q.text);
    const [a, b] = parseComplex(g(m, 1));
    const [c, d] = parseComplex(g(m, 3));
    const r: [number, number] =
      g(m, 2) === '+' ? [a + c, b + d] : g(m, 2) === '−' ? [a - c, b - d] : [a * c - b * d, a * d + b * c];
    marked(q, (o) => {
      const [x, y] = parseComplex(o);
      return x === r[0] && y === r[1];
    });
  },
  'complex-modulus-conjugate': (q) => {
    let m = /modulus of the complex number (.*)\.$/.exec(q.text);
    if (m) {
      const [a, b] = parseComplex(g(m, 1));
      return markedValue(q, Math.hypot(a, b));
    }
    m = /conjugate of the complex number (.*)\?$/.exec(q.text);
    if (m) {
      const [a, b] = parseComplex(g(m, 1));
      return marked(q, (o) => {
        const [x, y] = parseComplex(o);
        return x === a && y === -b;
      });
    }
    const [a, b] = parseComplex(g(must(/If z = (.*), find z·z̄/, q.text), 1));
    markedValue(q, a * a + b * b);
  },
  'powers-of-i': (q) => {
    const cycle: [number, number][] = [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ];
    const total = [...norm(q.text).matchAll(/i\^\(?(-?\d+)\)?/g)].reduce<[number, number]>(
      (s, m) => {
        const [x, y] = cycle[mod(Number(m[1]), 4)] ?? [0, 0];
        return [s[0] + x, s[1] + y];
      },
      [0, 0],
    );
    marked(q, (o) => {
      const [x, y] = parseComplex(o);
      return x === total[0] && y === total[1];
    });
  },
  'permutations-npr': (q) => {
    let m = /Evaluate ([⁰¹²³⁴⁵⁶⁷⁸⁹]+)P([₀-₉]+)\./.exec(q.text);
    if (m) return markedValue(q, perms(supNum(g(m, 1)), subNum(g(m, 2))));
    m = /(\d+) different prizes be given to (\d+) students/.exec(q.text);
    if (m) return markedValue(q, perms(gn(m, 2), gn(m, 1)));
    m = must(/How many (\d)-digit numbers can be formed from the digits (.*) if no digit is repeated/, q.text);
    markedValue(q, perms(nums(g(m, 2)).length, gn(m, 1)));
  },
  'combinations-ncr': (q) => {
    let m = /Evaluate ([⁰¹²³⁴⁵⁶⁷⁸⁹]+)C([₀-₉]+)\./.exec(q.text);
    if (m) return markedValue(q, pascal(supNum(g(m, 1)), subNum(g(m, 2))));
    m = /committee of (\d+) members be chosen from (\d+) people/.exec(q.text);
    if (m) return markedValue(q, pascal(gn(m, 2), gn(m, 1)));
    m = /team of (\d+) boys? and (\d+) girls? be chosen from (\d+) boys and (\d+) girls/.exec(q.text);
    if (m) return markedValue(q, pascal(gn(m, 3), gn(m, 1)) * pascal(gn(m, 4), gn(m, 2)));
    m = must(/lines can be drawn through (\d+) points/, q.text);
    markedValue(q, pascal(gn(m, 1), 2));
  },
  'word-arrangements': (q) => {
    const m = /letters of the word ([A-Z]+)\?/.exec(q.text);
    if (m) return markedValue(q, distinctArrangements(g(m, 1)).length);
    const b = must(/letters of the word ([A-Z]+) begin with ([A-Z])\?/, q.text);
    markedValue(q, distinctArrangements(g(b, 1)).filter((w) => w.startsWith(g(b, 2))).length);
  },
  'binomial-coefficient-xk': (q) => {
    const m = must(/coefficient of x([⁰¹²³⁴⁵⁶⁷⁸⁹]*) in the expansion of \((.*)\)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)\.$/, q.text);
    const k = g(m, 1) ? supNum(g(m, 1)) : 1;
    const c0 = evalExpr(g(m, 2), { x: 0 });
    const c1 = evalExpr(g(m, 2), { x: 1 }) - c0;
    let coeffs = [1];
    for (let i = 0; i < supNum(g(m, 3)); i++)
      coeffs = [...coeffs, 0].map((v, j) => v * c0 + (j > 0 ? (coeffs[j - 1] ?? 0) * c1 : 0));
    markedValue(q, coeffs[k] ?? NaN);
  },
  'binomial-evaluate': (q) => {
    const m = must(/evaluate (\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)\.$/, q.text);
    markedValue(q, gn(m, 1) ** supNum(g(m, 2)));
  },
  'gp-nth-term': (q) => {
    const m = must(/the (\d+)\w\w term of the GP: (.*)$/, q.text);
    const [a = 0, b = 0, c = 0] = seqTerms(g(m, 2));
    expect(close(b * b, a * c)).toBe(true);
    let t = a;
    for (let i = 1; i < gn(m, 1); i++) t *= b / a;
    markedValue(q, t, 1e-9);
  },
  'gp-sum': (q) => {
    const m = must(/sum of the first (\d+) terms of the GP: (.*)$/, q.text);
    const [a = 0, b = 0] = seqTerms(g(m, 2));
    let [t, s] = [a, 0];
    for (let i = 0; i < gn(m, 1); i++) {
      s += t;
      t *= b / a;
    }
    markedValue(q, s, 1e-9);
  },
  'arithmetic-geometric-mean': (q) => {
    let m = /mean \(GM\) of (\d+) and (\d+)\./.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const r = must(/^AM = ([\d.]+), GM = ([\d.]+)$/, o);
        return close(gn(r, 1), (gn(m!, 1) + gn(m!, 2)) / 2) && close(gn(r, 2), Math.sqrt(gn(m!, 1) * gn(m!, 2)));
      });
    m = /two positive numbers are (\d+) and (\d+) respectively/.exec(q.text);
    if (m)
      return marked(q, (o) => {
        const [a = 0, b = 0] = nums(o);
        return a > 0 && b > 0 && close((a + b) / 2, gn(m!, 1)) && close(Math.sqrt(a * b), gn(m!, 2));
      });
    m = must(/Insert two geometric means between (−?\d+) and (−?\d+)\./, q.text);
    marked(q, (o) => {
      const [g1 = 0, g2 = 0] = nums(o);
      const seq = [gn(m!, 1), g1, g2, gn(m!, 2)];
      return seq.every((x) => x !== 0) && close(g1 / seq[0]!, g2 / g1) && close(g2 / g1, seq[3]! / g2);
    });
  },
  // ----- grade 12
  'matrix-add-scalar': (q) => {
    const m = must(/A = (\[\[.*?\]\]) and B = (\[\[.*?\]\]), find (\d*)A ([+−]) (\d*)B\./, q.text);
    const [A, B] = [matrix(g(m, 1)), matrix(g(m, 2))];
    const [p, s] = [Number(g(m, 3) || 1), (g(m, 4) === '+' ? 1 : -1) * Number(g(m, 5) || 1)];
    const want = A.map((row, i) => row.map((x, j) => p * x + s * (B[i]?.[j] ?? 0)));
    marked(q, (o) => JSON.stringify(matrix(o)) === JSON.stringify(want));
  },
  'matrix-multiply': (q) => {
    const m = must(/A = (\[\[.*?\]\]) and B = (\[\[.*?\]\]), find AB\./, q.text);
    const want = matMul(matrix(g(m, 1)), matrix(g(m, 2)));
    marked(q, (o) => JSON.stringify(matrix(o)) === JSON.stringify(want));
  },
  'determinant-2x2': (q) => {
    const m = /determinant of the matrix (\[\[.*?\]\])\./.exec(q.text);
    if (m) return markedValue(q, detLeibniz(matrix(g(m, 1))));
    const s = g(must(/matrix (\[\[x, .*?\]\]) singular/, q.text), 1);
    marked(q, (o) => detLeibniz(matrix(s.replace('x', String(num(o))))) === 0);
  },
  'determinant-3x3': (q) => markedValue(q, detLeibniz(matrix(g(must(/matrix (\[\[.*?\]\])\./, q.text), 1)))),
  'inverse-2x2': (q) => {
    const A = matrix(g(must(/A = (\[\[.*?\]\])\./, q.text), 1));
    marked(
      q,
      (o) =>
        JSON.stringify(matMul(A, matrix(o))) ===
        JSON.stringify([
          [1, 0],
          [0, 1],
        ]),
    );
  },
  'derivative-polynomial': (q) => {
    const m = /^If f\(x\) = (.*), find f′\(x\)\.$/.exec(q.text);
    if (m)
      return marked(q, (o) =>
        [-2, -1, 0, 0.5, 1, 2].every((x) => close(evalExpr(o, { x }), derivative(g(m, 1), x), 1e-6)),
      );
    const v = must(/^If f\(x\) = (.*), find f′\((−?\d+)\)\.$/, q.text);
    marked(q, (o) => close(num(o), derivative(g(v, 1), gn(v, 2)), 1e-6));
  },
  'chain-rule': (q) => {
    const m = /^Differentiate y = (.*) with respect to x\.$/.exec(q.text);
    if (m)
      return marked(q, (o) =>
        [-1.5, -0.5, 0.25, 1, 1.5].every((x) => close(evalExpr(o, { x }), derivative(g(m, 1), x), 1e-5)),
      );
    const v = must(/^If y = (.*), find dy\/dx at x = (−?\d+)\.$/, q.text);
    marked(q, (o) => close(num(o), derivative(g(v, 1), gn(v, 2)), 1e-5));
  },
  'continuity-find-k': (q) => {
    const c = /f\(x\) = \((.*)\)\/\((.*)\) if x ≠ (−?\d+), and f\(x\) = k if x/.exec(q.text);
    if (c) {
      const p = gn(c, 3);
      const near = (h: number) => evalExpr(g(c, 1), { x: p + h }) / evalExpr(g(c, 2), { x: p + h });
      return marked(q, (o) => close(num(o), near(1e-6), 1e-5) && close(num(o), near(-1e-6), 1e-5));
    }
    const m = must(/f\(x\) = (.*) if x ≤ (−?\d+), and f\(x\) = (.*) if x > /, q.text);
    marked(q, (o) => close(evalExpr(g(m, 1), { x: gn(m, 2), k: num(o) }), evalExpr(g(m, 3), { x: gn(m, 2) })));
  },
  'indefinite-integral-polynomial': (q) => {
    const f = g(must(/^Find ∫\((.*)\) dx\.$/, q.text), 1);
    marked(
      q,
      (o) =>
        o.endsWith(' + C') &&
        [-2, -1, 0, 0.5, 1, 2].every((x) => close(derivative(o.slice(0, -4), x), evalExpr(f, { x }), 1e-6)),
    );
  },
  'definite-integral-polynomial': (q) => {
    const m = /definite integral of (.*) from x = (−?\d+) to x = (−?\d+),/.exec(q.text);
    if (m) return markedValue(q, simpson(g(m, 1), gn(m, 2), gn(m, 3)), 1e-9);
    const a = must(/curve y = (.*), the x-axis and the lines x = (−?\d+) and x = (−?\d+)\./, q.text);
    for (let i = 0; i <= 100; i++)
      expect(evalExpr(g(a, 1), { x: gn(a, 2) + ((gn(a, 3) - gn(a, 2)) * i) / 100 })).toBeGreaterThanOrEqual(0);
    markedValue(q, simpson(g(a, 1), gn(a, 2), gn(a, 3)), 1e-9);
  },
  'conditional-probability': (q) => {
    const d = /Given that the number that comes up is (.*), what is the probability that it is (.*)\?$/.exec(q.text);
    if (d) {
      const B = [1, 2, 3, 4, 5, 6].filter(dieEvent(g(d, 1)));
      return markedValue(q, B.filter(dieEvent(g(d, 2))).length / B.length);
    }
    const m = must(/P\(A\) = (\S+), P\(B\) = (\S+) and P\(A ∩ B\) = (\S+), find P\((A\|B|B\|A)\)\./, q.text);
    markedValue(q, gn(m, 3) / (g(m, 4) === 'A|B' ? gn(m, 2) : gn(m, 1)));
  },
  'independent-events': (q) => {
    const h =
      /hits a target is (\S+) and the probability that \w+ hits it is (\S+)\. They shoot independently\. What is the probability that (the target is hit|both of them hit)/.exec(
        q.text,
      );
    if (h) {
      const [p, r] = [gn(h, 1), gn(h, 2)];
      return markedValue(q, g(h, 3) === 'both of them hit' ? p * r : 1 - (1 - p) * (1 - r));
    }
    const m = must(/P\(A\) = (\S+) and P\(B\) = (\S+)\. Find (.*)\.$/, q.text);
    const [p, r] = [gn(m, 1), gn(m, 2)];
    const want: Record<string, number> = {
      'P(A ∩ B)': p * r,
      'P(A ∪ B)': p + r - p * r,
      'P(neither A nor B)': (1 - p) * (1 - r),
      'P(A and not B)': p * (1 - r),
    };
    markedValue(q, want[g(m, 3)] ?? NaN);
  },
};

// ---------------------------------------------------------------------------------------------

function curriculumGenerators(): string[] {
  return readdirSync(DIR)
    .filter((f) => /^grade-\d\d\.json$/.test(f))
    .flatMap((f) => {
      const file = CurriculumFileSchema.parse(JSON.parse(readFileSync(join(DIR, f), 'utf8')));
      expect(file.subject).toBe('maths');
      return file.chapters.flatMap((c) => c.topics.map((t) => t.generator ?? ''));
    });
}

describe('maths curriculum and generators', () => {
  it('has a curriculum file for every grade, and every topic names a generator', () => {
    const files = readdirSync(DIR)
      .filter((f) => /^grade-\d\d\.json$/.test(f))
      .sort();
    expect(files).toEqual(Array.from({ length: 12 }, (_, i) => `grade-${String(i + 1).padStart(2, '0')}.json`));
    for (const gen of curriculumGenerators()) expect(gen).not.toBe('');
  });

  it('uses exactly the generators that exist (none missing, none unused, no topic sharing one)', () => {
    const used = curriculumGenerators();
    for (const gen of used) expect(MATHS_GENERATORS, gen).toHaveProperty(gen);
    expect(new Set(used).size).toBe(used.length);
    expect([...new Set(used)].sort()).toEqual(Object.keys(MATHS_GENERATORS).sort());
  });

  it('has an independent checker for every generator', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(Object.keys(MATHS_GENERATORS).sort());
  });

  describe.each(Object.keys(MATHS_GENERATORS))('%s', (name) => {
    it(`makes valid questions whose marked answers are right (${SEEDS} seeds)`, () => {
      const gen = MATHS_GENERATORS[name]!;
      const check = CHECKS[name]!;
      const positions = new Set<number>();
      for (let seed = 1; seed <= SEEDS; seed++) {
        const q = gen(seededRng(seed));
        const parsed = CurriculumQuestionSchema.safeParse(q);
        expect(parsed.success, `${name} seed ${seed}: ${JSON.stringify(q)} ${parsed.error?.message ?? ''}`).toBe(true);
        if (q.type === 'multiple_select') expect(q.text).toContain('Select all that apply');
        if (q.type === 'multiple_choice' || q.type === 'fill_blank') {
          expect(q.options).toHaveLength(4);
          positions.add(q.answer[0] ?? -1);
        }
        for (const s of [q.text, q.solution, ...q.options])
          expect(s, `${name}: ASCII minus or bad value in "${s}"`).not.toMatch(/(^|[^\w])-\d|NaN|undefined|Infinity/);
        check(q);
      }
      if (positions.size > 0) expect(positions.size, `${name}: the correct option should move around`).toBe(4);
    });

    it('generateQuestions is deterministic and gives distinct texts', () => {
      const a = generateQuestions(name, seededRng(42), 30);
      const b = generateQuestions(name, seededRng(42), 30);
      expect(a).toEqual(b);
      expect(new Set(a.map((q) => q.text)).size).toBe(30);
      for (const seed of [1, 2, 3])
        expect(new Set(generateQuestions(name, seededRng(seed), 20).map((q) => q.text)).size).toBe(20);
    });
  });

  it('generateQuestions rejects an unknown generator', () => {
    expect(() => generateQuestions('no-such-generator', seededRng(1), 5)).toThrow(/no-such-generator/);
  });

  it('seededRng is deterministic, uniform-looking and stays in [0, 1)', () => {
    const a = seededRng(7);
    const b = seededRng(7);
    const xs = Array.from({ length: 10_000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 10_000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
    expect(seededRng(8)()).not.toBe(seededRng(7)());
  });
});
