/**
 * Procedural question generators for the maths curriculum (maths/grade-NN.json topics name one by `generator`).
 * Every generator is pure: all randomness comes from the `rng` the caller supplies, so a seed reproduces a game.
 * Conventions used in question text (the unit tests rely on them):
 *  - negative numbers use the minus sign "−" directly before the digits; subtraction is written " − ";
 *  - large whole numbers use Indian digit grouping (12,34,567); money is written ₹45 or ₹48.50;
 *  - fractions are written a/b in lowest terms unless the question is about reducing them.
 */
import { TRUE_FALSE_OPTIONS } from '@ki/contracts';
import type { CurriculumQuestion } from './curriculum-file.schema';
import { GRADE_3_TEXTS, type CarryStep, type Grade3Texts, type Place, type Who } from './maths-texts';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from './translation-file.schema';

export type Rng = () => number;
type Q = CurriculumQuestion;
/** A question's words in one language (the answer key is the language-independent one of the question). */
export interface TranslatedContent {
  text: string;
  options: string[];
  solution: string;
}
export type Translations = Partial<Record<TranslationLanguage, TranslatedContent>>;
/** A generated question; generators of the translated grades also write it in the Indian languages. */
export type GeneratedQuestion = Q & { translations?: Translations };
type Gen = (rng: Rng) => GeneratedQuestion;

// ---------------------------------------------------------------------------------------------
// Random helpers

const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const coin = (rng: Rng, p = 0.5): boolean => rng() < p;
function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from empty list');
  return items[Math.floor(rng() * items.length)] as T;
}
function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}
const sample = <T>(rng: Rng, items: readonly T[], k: number): T[] => shuffle(rng, items).slice(0, k);
const range = (lo: number, hi: number): number[] => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
/** A random non-zero integer in [lo, hi]. */
function nz(rng: Rng, lo: number, hi: number): number {
  for (;;) {
    const v = int(rng, lo, hi);
    if (v !== 0) return v;
  }
}

// ---------------------------------------------------------------------------------------------
// Number helpers

const gcd = (a: number, b: number): number => {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
};
const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;
const isPrime = (n: number): boolean => {
  if (n < 2) return false;
  for (let p = 2; p * p <= n; p++) if (n % p === 0) return false;
  return true;
};
const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
const nPr = (n: number, r: number): number => factorial(n) / factorial(n - r);
const nCr = (n: number, r: number): number => {
  let v = 1;
  for (let i = 1; i <= r; i++) v = (v * (n - r + i)) / i;
  return Math.round(v);
};
const isSquare = (n: number): boolean => n >= 0 && Number.isInteger(Math.sqrt(n));
function primeFactors(n: number): number[] {
  const out: number[] = [];
  for (let p = 2; p * p <= n; p++)
    while (n % p === 0) {
      out.push(p);
      n /= p;
    }
  if (n > 1) out.push(n);
  return out;
}
const round6 = (x: number): number => Number(x.toFixed(6));

// ---------------------------------------------------------------------------------------------
// Formatting

const MINUS = '−';
/** Integer or decimal with a typographic minus sign. */
const neg = (n: number): string => (n < 0 ? `${MINUS}${fmtAbs(-n)}` : fmtAbs(n));
const fmtAbs = (n: number): string => String(round6(n));
/** Indian digit grouping: 12,34,567. */
function inr(n: number): string {
  if (n < 0) return MINUS + inr(-n);
  const [whole = '0', frac] = String(round6(n)).split('.');
  let head = whole;
  let grouped = '';
  if (head.length > 3) {
    grouped = ',' + head.slice(-3);
    head = head.slice(0, -3);
    while (head.length > 2) {
      grouped = ',' + head.slice(-2) + grouped;
      head = head.slice(0, -2);
    }
    grouped = head + grouped;
  } else grouped = head;
  return frac ? `${grouped}.${frac}` : grouped;
}
/** International grouping: 12,345,678. */
const intl = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Money: ₹45, ₹1,250, ₹48.50. */
function rs(n: number): string {
  const paise = Math.round(n * 100);
  if (paise % 100 === 0) return `₹${inr(paise / 100)}`;
  return `₹${inr(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}
/** Wrap negatives in brackets: 5, (−3). */
const par = (n: number): string => (n < 0 ? `(${neg(n)})` : neg(n));
const SUPS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const sup = (n: number): string =>
  (n < 0 ? '⁻' : '') +
  String(Math.abs(n))
    .split('')
    .map((d) => SUPS[Number(d)])
    .join('');
const SUBS = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n: number): string =>
  (n < 0 ? '₋' : '') +
  String(Math.abs(n))
    .split('')
    .map((d) => SUBS[Number(d)])
    .join('');
function ord(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Signed terms joined as "3x² − 2x + 5"; each term is [coefficient, variable part]. */
function terms(parts: [number, string][]): string {
  let out = '';
  for (const [c, v] of parts) {
    if (c === 0) continue;
    const abs = Math.abs(c);
    const body = v && abs === 1 ? v : `${fmtAbs(abs)}${v}`;
    if (!out) out = (c < 0 ? MINUS : '') + body;
    else out += (c < 0 ? ' − ' : ' + ') + body;
  }
  return out || '0';
}
/** Polynomial from coefficients (index = power), highest power first. */
function poly(coeffs: number[], v = 'x'): string {
  const parts: [number, string][] = [];
  for (let k = coeffs.length - 1; k >= 0; k--)
    parts.push([coeffs[k] ?? 0, k === 0 ? '' : k === 1 ? v : `${v}${sup(k)}`]);
  return terms(parts);
}
/** Linear equation "2x − 3y = 7". */
const lin2 = (a: number, b: number, c: number): string =>
  `${terms([
    [a, 'x'],
    [b, 'y'],
  ])} = ${neg(c)}`;

// ---------------------------------------------------------------------------------------------
// Fractions (always kept in lowest terms with a positive denominator)

interface Fr {
  n: number;
  d: number;
}
function fr(n: number, d = 1): Fr {
  if (d === 0) throw new Error('zero denominator');
  if (d < 0) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}
const fadd = (a: Fr, b: Fr): Fr => fr(a.n * b.d + b.n * a.d, a.d * b.d);
const fsub = (a: Fr, b: Fr): Fr => fr(a.n * b.d - b.n * a.d, a.d * b.d);
const fmul = (a: Fr, b: Fr): Fr => fr(a.n * b.n, a.d * b.d);
const fdiv = (a: Fr, b: Fr): Fr => fr(a.n * b.d, a.d * b.n);
const fpow = (a: Fr, k: number): Fr => (k >= 0 ? fr(a.n ** k, a.d ** k) : fr(a.d ** -k, a.n ** -k));
const ffmt = (f: Fr): string => (f.d === 1 ? neg(f.n) : `${f.n < 0 ? MINUS : ''}${Math.abs(f.n)}/${f.d}`);
const fval = (f: Fr): number => f.n / f.d;
/** "14/10 = 7/5" (or just "7/5" when already in lowest terms). */
const reduced = (n: number, d: number): string =>
  ffmt(fr(n, d)) === `${n}/${d}` ? `${n}/${d}` : `${n}/${d} = ${ffmt(fr(n, d))}`;
/** Polynomial with fraction coefficients: "(3/2)x² − x". */
function polyFr(c: Fr[]): string {
  let out = '';
  for (let i = c.length - 1; i >= 0; i--) {
    const f = c[i] ?? fr(0);
    if (f.n === 0) continue;
    const abs = fr(Math.abs(f.n), f.d);
    const v = i === 0 ? '' : i === 1 ? 'x' : `x${sup(i)}`;
    const coef = abs.d !== 1 ? `(${ffmt(abs)})` : abs.n === 1 && v ? '' : String(abs.n);
    out += out ? (f.n < 0 ? ' − ' : ' + ') + coef + v : (f.n < 0 ? MINUS : '') + coef + v;
  }
  return out || '0';
}
const bracketFr = (f: Fr): string => (f.n < 0 ? `(${ffmt(f)})` : ffmt(f));

// ---------------------------------------------------------------------------------------------
// Question builders

const blankType = (text: string): Q['type'] => (text.includes('____') ? 'fill_blank' : 'multiple_choice');

/**
 * One correct option plus the first three usable distractors (in the order given: put the most
 * plausible mistakes first). `key` decides when two options count as the same.
 */
function choose(
  rng: Rng,
  text: string,
  correct: string,
  wrong: string[],
  solution: string,
  key: (s: string) => string = (s) => s.toLowerCase(),
): Q {
  const seenKeys = new Set([key(correct)]);
  const seenText = new Set([correct.toLowerCase()]);
  const picked: string[] = [];
  for (const w of wrong) {
    if (picked.length === 3) break;
    if (!w.trim() || seenKeys.has(key(w)) || seenText.has(w.toLowerCase())) continue;
    seenKeys.add(key(w));
    seenText.add(w.toLowerCase());
    picked.push(w);
  }
  if (picked.length < 3) throw new Error(`not enough distractors for: ${text}`);
  const options = shuffle(rng, [correct, ...picked]);
  return { type: blankType(text), text, options, answer: [options.indexOf(correct)], solution };
}

interface NumOpts {
  fmt?: (n: number) => string;
  /** Smallest allowed distractor (default 0 when the answer is not negative). */
  min?: number;
  /** Spacing of filler distractors (default 1). */
  step?: number;
  /** Only whole-number distractors (default: when the answer is whole). */
  integer?: boolean;
}
function numChoice(rng: Rng, text: string, correct: number, wrong: number[], solution: string, o: NumOpts = {}): Q {
  const fmt = o.fmt ?? neg;
  const step = o.step ?? 1;
  const integer = o.integer ?? Number.isInteger(correct);
  const min = o.min ?? (correct >= 0 ? 0 : -Infinity);
  const ok = (v: number) =>
    Number.isFinite(v) && v >= min && (!integer || Number.isInteger(round6(v))) && Math.abs(v - correct) > 1e-9;
  const near = shuffle(rng, [1, -1, 2, -2]).map((k) => correct + k * step);
  const far = range(3, 15).flatMap((k) => [correct + k * step, correct - k * step]);
  const cands = [...wrong, ...near, ...far].filter(ok).map((v) => fmt(round6(v)));
  return choose(rng, text, fmt(round6(correct)), cands, solution);
}

function fracChoice(
  rng: Rng,
  text: string,
  correct: Fr,
  wrong: Fr[],
  solution: string,
  positive = fval(correct) > 0,
): Q {
  const ok = (f: Fr) => (!positive || f.n > 0) && !(f.n === correct.n && f.d === correct.d);
  const unit = fr(1, correct.d);
  const fillers = [1, -1, 2, -2, 3, -3, 4, -4, 5, -5].map((k) => fadd(correct, fmul(fr(k), unit)));
  const more = [1, -1, 2, -2].map((k) => fadd(correct, fr(k)));
  return choose(rng, text, ffmt(correct), [...wrong, ...shuffle(rng, fillers), ...more].filter(ok).map(ffmt), solution);
}

function trueFalse(text: string, truth: boolean, solution: string): Q {
  return { type: 'true_false', text, options: ['True', 'False'], answer: [truth ? 0 : 1], solution };
}

function selectAll(rng: Rng, text: string, correct: string[], wrong: string[], solution: string): Q {
  const all = [...correct, ...wrong];
  if (correct.length < 2 || wrong.length < 1 || all.length > 6) throw new Error(`bad select-all for: ${text}`);
  if (new Set(all.map((s) => s.toLowerCase())).size !== all.length) throw new Error(`duplicate options for: ${text}`);
  const options = shuffle(rng, all);
  const answer = options.map((o, i) => (correct.includes(o) ? i : -1)).filter((i) => i >= 0);
  return { type: 'multiple_select', text, options, answer, solution };
}

/** Join a list as "a, b, c and d" (or "or"). */
const listText = (items: string[], last = 'and'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;

// ---------------------------------------------------------------------------------------------
// People and things for word problems

interface Person {
  name: string;
  he: string;
  He: string;
  his: string;
  him: string;
}
const GIRLS = [
  'Meena',
  'Priya',
  'Ananya',
  'Kavya',
  'Diya',
  'Aisha',
  'Riya',
  'Pooja',
  'Sneha',
  'Lakshmi',
  'Fatima',
  'Harpreet',
  'Gita',
  'Asha',
  'Nandini',
  'Tanvi',
];
const BOYS = [
  'Ravi',
  'Arjun',
  'Kabir',
  'Rohan',
  'Aarav',
  'Vikram',
  'Imran',
  'Sanjay',
  'Mohan',
  'Rahul',
  'Karthik',
  'Gurpreet',
  'Amit',
  'Farhan',
  'Suresh',
  'Vivek',
];
function person(rng: Rng): Person {
  return coin(rng)
    ? { name: pick(rng, GIRLS), he: 'she', He: 'She', his: 'her', him: 'her' }
    : { name: pick(rng, BOYS), he: 'he', He: 'He', his: 'his', him: 'him' };
}
function twoPeople(rng: Rng): [Person, Person] {
  const a = person(rng);
  for (;;) {
    const b = person(rng);
    if (b.name !== a.name) return [a, b];
  }
}
const CITIES = [
  'Bhopal',
  'Indore',
  'Jaipur',
  'Ajmer',
  'Pune',
  'Mumbai',
  'Chennai',
  'Madurai',
  'Lucknow',
  'Kanpur',
  'Patna',
  'Ranchi',
  'Nagpur',
  'Surat',
  'Mysuru',
  'Kochi',
];

const G: Record<string, Gen> = {};

// =============================================================================================
// Grade 1

const OBJECTS: [string, string][] = [
  ['🥭', 'mangoes'],
  ['🍎', 'apples'],
  ['⭐', 'stars'],
  ['🐟', 'fish'],
  ['🌸', 'flowers'],
  ['🎈', 'balloons'],
  ['🐥', 'chicks'],
  ['🍌', 'bananas'],
];
G['count-objects'] = (rng) => {
  const [icon, noun] = pick(rng, OBJECTS);
  const n = int(rng, 2, 9);
  const row = icon.repeat(n);
  const text = coin(rng)
    ? `Count the ${noun}: ${row} How many ${noun} are there?`
    : `Count and fill in the blank: ${row} There are ____ ${noun}.`;
  return numChoice(
    rng,
    text,
    n,
    [n + 1, n - 1],
    `Touch each one as you count: ${range(1, n).join(', ')}. There are ${n} ${noun}.`,
    { min: 1 },
  );
};

G['compare-numbers-small'] = (rng) => {
  if (coin(rng, 0.6)) {
    const ns = sample(rng, range(1, 9), 4);
    const big = coin(rng);
    const ans = big ? Math.max(...ns) : Math.min(...ns);
    const sorted = [...ns].sort((a, b) => a - b);
    return choose(
      rng,
      `Which number is the ${big ? 'biggest' : 'smallest'}: ${listText(ns.map(String), 'or')}?`,
      String(ans),
      ns.filter((v) => v !== ans).map(String),
      `When we count 1, 2, 3, … bigger numbers come later. In counting order: ${sorted.join(', ')}. So the ${big ? 'biggest' : 'smallest'} is ${ans}.`,
    );
  }
  const [a = 1, b = 2] = sample(rng, range(1, 9), 2);
  const word = coin(rng) ? 'more' : 'less';
  const truth = word === 'more' ? a > b : a < b;
  return trueFalse(
    `True or false: ${a} is ${word} than ${b}.`,
    truth,
    `${Math.min(a, b)} comes before ${Math.max(a, b)} when we count, so ${Math.max(a, b)} is more. The statement is ${truth ? 'true' : 'false'}.`,
  );
};

const SMALL_THINGS = ['marbles', 'pencils', 'toffees', 'bangles', 'kites', 'laddoos', 'shells', 'stickers'];
function addStory(rng: Rng, a: number, b: number): string {
  const p = person(rng);
  const noun = pick(rng, SMALL_THINGS);
  return pick(rng, [
    `${p.name} has ${a} ${noun}. ${p.He} gets ${b} more. How many ${noun} does ${p.he} have now?`,
    `There are ${a} birds on a tree. ${b} more birds come. How many birds are there now?`,
    `${a} + ${b} = ____`,
    `${a} + ${b} = ____`,
  ]);
}
G['add-within-10'] = (rng) => {
  const a = int(rng, 1, 8);
  const b = int(rng, 1, 10 - a);
  const s = a + b;
  return numChoice(
    rng,
    addStory(rng, a, b),
    s,
    [s + 1, s - 1, Math.abs(a - b)],
    `Start at ${a} and count on ${b}: ${range(a + 1, s).join(', ')}. So ${a} + ${b} = ${s}.`,
    { min: 1 },
  );
};
G['add-within-20'] = (rng) => {
  let a = 0;
  let b = 0;
  do {
    a = int(rng, 3, 12);
    b = int(rng, 2, 9);
  } while (a + b < 11 || a + b > 20);
  const s = a + b;
  const why =
    a < 10
      ? `Make a ten first: ${a} + ${10 - a} = 10, and ${b} − ${10 - a} = ${b - (10 - a)} is left over. 10 + ${b - (10 - a)} = ${s}.`
      : `${a} is 1 ten and ${plural(a - 10, 'one', 'ones')}. ${a - 10} + ${b} = ${a - 10 + b} ones, so the total is ${s}.`;
  return numChoice(rng, addStory(rng, a, b), s, [s - 10, s + 1, s - 1, s + 10], `${why} So ${a} + ${b} = ${s}.`, {
    min: 1,
  });
};

function takeAwayStory(rng: Rng, a: number, b: number): string {
  const p = person(rng);
  const noun = pick(rng, SMALL_THINGS);
  return pick(rng, [
    `${p.name} had ${a} ${noun}. ${p.He} gave ${b} to a friend. How many ${noun} are left?`,
    `There were ${a} birds on a tree. ${b} flew away. How many birds are still on the tree?`,
    `${a} − ${b} = ____`,
    `${a} − ${b} = ____`,
  ]);
}
G['subtract-within-10'] = (rng) => {
  const a = int(rng, 3, 10);
  const b = int(rng, 1, a - 1);
  const d = a - b;
  return numChoice(
    rng,
    takeAwayStory(rng, a, b),
    d,
    [d + 1, d - 1, a + b],
    `Start at ${a} and count back ${b}: ${range(d, a - 1)
      .reverse()
      .join(', ')}. So ${a} − ${b} = ${d}.`,
  );
};
G['subtract-within-20'] = (rng) => {
  const a = int(rng, 11, 20);
  const b = int(rng, 2, 9);
  const d = a - b;
  const ones = a % 10;
  const slip = 10 * Math.floor(a / 10) + Math.abs(ones - b);
  const why =
    a === 20
      ? `20 is 2 tens. Take ${b} from one of the tens: 10 − ${b} = ${10 - b}, and 10 + ${10 - b} = ${d}.`
      : ones >= b
        ? `${a} is 1 ten and ${plural(ones, 'one', 'ones')}. Take ${b} ones away: ${plural(ones - b, 'one is', 'ones are')} left, so the answer is ${d}.`
        : `Take away ${ones} to reach 10, then take away ${b - ones} more: 10 − ${b - ones} = ${d}.`;
  return numChoice(rng, takeAwayStory(rng, a, b), d, [slip, d + 1, d - 1, d + 10], `${why} So ${a} − ${b} = ${d}.`);
};

G['number-before-after'] = (rng) => {
  const n = int(rng, 2, 19);
  const kind = int(rng, 0, 3);
  if (kind === 0)
    return numChoice(
      rng,
      `What number comes just after ${n}?`,
      n + 1,
      [n - 1, n, n + 2],
      `Counting on from ${n}, the next number is ${n + 1}.`,
      { min: 1 },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `What number comes just before ${n}?`,
      n - 1,
      [n + 1, n, n - 2],
      `Counting back from ${n}, the number before it is ${n - 1}.`,
      { min: 1 },
    );
  const text =
    kind === 2
      ? `What number comes between ${n - 1} and ${n + 1}?`
      : `Fill in the missing number: ${n - 1}, ____, ${n + 1}`;
  return numChoice(
    rng,
    text,
    n,
    [n + 2, n - 2, n + 1, n - 1],
    `Counting ${n - 1}, ${n}, ${n + 1}: the number in between is ${n}.`,
    { min: 1 },
  );
};

G['teens-tens-ones'] = (rng) => {
  const k = int(rng, 1, 9);
  const n = 10 + k;
  const kind = int(rng, 0, 3);
  if (kind === 0)
    return numChoice(
      rng,
      `${n} = 1 ten and ____ ones`,
      k,
      [n, 1, 10, k + 1],
      `${n} is made of 1 ten (10) and ${plural(k, 'one', 'ones')}, because 10 + ${k} = ${n}.`,
      { min: 1 },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `How many ones are there in ${n} after making 1 ten?`,
      k,
      [n, 1, 10, k - 1],
      `${n} = 10 + ${k}: 1 ten and ${plural(k, 'one', 'ones')}.`,
      { min: 1 },
    );
  return numChoice(
    rng,
    kind === 2
      ? `1 ten and ${plural(k, 'one', 'ones')} make ____.`
      : `Which number has 1 ten and ${plural(k, 'one', 'ones')}?`,
    n,
    [10 * k + 1, k + 1, n + 10, n + 1],
    `1 ten is 10. 10 and ${plural(k, 'one', 'ones')} make 10 + ${k} = ${n}.`,
    { min: 1 },
  );
};

// =============================================================================================
// Grade 2

G['skip-counting'] = (rng) => {
  const step = pick(rng, [2, 5, 10, 10]);
  const down = coin(rng, 0.3);
  const start = step * int(rng, down ? 5 : 1, Math.floor(100 / step) - (down ? 0 : 4));
  const seq = range(0, 4).map((i) => start + (down ? -i : i) * step);
  const hole = int(rng, 1, 4);
  const ans = seq[hole] as number;
  const shown = seq.map((v, i) => (i === hole ? '____' : String(v)));
  return numChoice(
    rng,
    `Fill in the missing number: ${shown.join(', ')}`,
    ans,
    [ans + 1, ans - 1, ans + 10, ans - 10],
    `The numbers go ${down ? 'down' : 'up'} by ${step} each time: ${seq.join(', ')}. The missing number is ${ans}.`,
  );
};

G['tens-and-ones'] = (rng) => {
  const t = int(rng, 1, 9);
  let o = int(rng, 1, 9);
  while (o === t) o = int(rng, 1, 9);
  const n = 10 * t + o;
  const kind = int(rng, 0, 2);
  if (kind === 0)
    return numChoice(
      rng,
      `${t} tens and ${o} ones make ____.`,
      n,
      [10 * o + t, t + o, n + 10],
      `${t} tens = ${10 * t}. ${10 * t} + ${o} = ${n}.`,
    );
  if (kind === 1)
    return numChoice(
      rng,
      `How many tens are there in ${n}?`,
      t,
      [o, n, 10 * t, t + 1],
      `${n} = ${10 * t} + ${o}, that is ${t} tens and ${o} ones.`,
      { min: 1 },
    );
  const d = coin(rng) ? t : o;
  const ans = d === t ? 10 * t : o;
  return numChoice(
    rng,
    `In ${n}, the digit ${d} stands for ____.`,
    ans,
    d === t ? [t, 100 * t, o] : [10 * o, 100 * o, t],
    `In ${n}, ${t} is in the tens place and ${o} is in the ones place. So the digit ${d} stands for ${ans}.`,
    { min: 1 },
  );
};

const FLOWERS = ['flowers', 'mangoes', 'shells', 'beads', 'stamps', 'stickers'];
function addStory2(rng: Rng, a: number, b: number): string {
  const [p, q] = twoPeople(rng);
  const noun = pick(rng, FLOWERS);
  return pick(rng, [
    `${a} + ${b} = ____`,
    `${p.name} collected ${a} ${noun} and ${q.name} collected ${b} ${noun}. How many ${noun} did they collect altogether?`,
    `A school library has ${a} Hindi books and ${b} English books. How many books are there in all?`,
    `There are ${a} people in a bus. At the next stop, ${b} more people get in. How many people are in the bus now?`,
  ]);
}
G['add-2digit-no-carry'] = (rng) => {
  const ta = int(rng, 1, 8);
  const tb = int(rng, 1, 9 - ta);
  const oa = int(rng, 0, 9);
  const ob = int(rng, 0, 9 - oa);
  const a = 10 * ta + oa;
  const b = 10 * tb + ob;
  const s = a + b;
  return numChoice(
    rng,
    addStory2(rng, a, b),
    s,
    [s + 10, s - 10, s + 1, s - 1],
    `Add the ones: ${oa} + ${ob} = ${oa + ob}. Add the tens: ${ta} + ${tb} = ${ta + tb} tens. So ${a} + ${b} = ${s}.`,
  );
};
G['add-2digit-carry'] = (rng) => {
  const ta = int(rng, 1, 7);
  const tb = int(rng, 1, 8 - ta);
  const oa = int(rng, 2, 9);
  const ob = int(rng, 10 - oa, 9);
  const a = 10 * ta + oa;
  const b = 10 * tb + ob;
  const s = a + b;
  return numChoice(
    rng,
    addStory2(rng, a, b),
    s,
    [s - 10, Number(`${ta + tb}${oa + ob}`), s + 10, s + 1],
    `Add the ones: ${oa} + ${ob} = ${oa + ob}, which is 1 ten and ${oa + ob - 10} ones. Write ${oa + ob - 10} and carry 1 ten. Add the tens: ${ta} + ${tb} + 1 = ${ta + tb + 1}. So ${a} + ${b} = ${s}.`,
  );
};

G['subtract-2digit'] = (rng) => {
  const a = int(rng, 30, 99);
  const b = int(rng, 11, a - 10);
  const d = a - b;
  const [ta, oa, tb, ob] = [Math.floor(a / 10), a % 10, Math.floor(b / 10), b % 10];
  const p = person(rng);
  const text = pick(rng, [
    `${a} − ${b} = ____`,
    `${p.name} had ₹${a}. ${p.He} spent ₹${b} on a storybook. How much money does ${p.he} have now?`,
    `A basket had ${a} mangoes. ${b} mangoes were sold. How many mangoes are still in the basket?`,
  ]);
  const why =
    oa >= ob
      ? `Ones: ${oa} − ${ob} = ${oa - ob}. Tens: ${ta} − ${tb} = ${ta - tb}.`
      : `${plural(oa, 'one', 'ones')} cannot give ${ob}, so borrow 1 ten: ${oa + 10} − ${ob} = ${oa + 10 - ob} ones, and ${ta - 1} − ${tb} = ${plural(ta - 1 - tb, 'ten', 'tens')}.`;
  return numChoice(
    rng,
    text,
    d,
    [10 * (ta - tb) + Math.abs(oa - ob), d + 10, d - 10, a + b],
    `${why} So ${a} − ${b} = ${d}.`,
  );
};

G['add-subtract-stories'] = (rng) => {
  const [p, q] = twoPeople(rng);
  const add = coin(rng);
  if (add) {
    const a = int(rng, 12, 60);
    const b = int(rng, 8, 99 - a);
    const s = a + b;
    const text = pick(rng, [
      `${p.name} had ${a} stickers. ${q.name} gave ${p.him} ${b} more stickers. How many stickers does ${p.name} have now?`,
      `A train had ${a} passengers. At Nagpur, ${b} more passengers got on. How many passengers are on the train now?`,
      `In a school, ${a} children like cricket and ${b} other children like kabaddi. How many children is that in all?`,
    ]);
    return numChoice(
      rng,
      text,
      s,
      [Math.abs(a - b), s + 10, s - 10, s + 1],
      `The groups are put together, so we add: ${a} + ${b} = ${s}.`,
    );
  }
  const a = int(rng, 30, 99);
  const b = int(rng, 11, a - 5);
  const d = a - b;
  const text = pick(rng, [
    `A bus had ${a} passengers. At the next stop, ${b} passengers got off. How many passengers are on the bus now?`,
    `${p.name} needs ${a} beads for a necklace. ${p.He} has ${b} beads. How many more beads does ${p.he} need?`,
    `${p.name} had ₹${a}. ${p.He} bought a pencil box for ₹${b}. How much money is left?`,
  ]);
  return numChoice(
    rng,
    text,
    d,
    [a + b, d + 10, d - 10, d + 1],
    `Some are taken away (or we find the difference), so we subtract: ${a} − ${b} = ${d}.`,
  );
};

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayAt = (i: number): string => DAYS[((i % 7) + 7) % 7] as string;
G['days-of-week'] = (rng) => {
  const t = int(rng, 0, 6);
  const kind = int(rng, 0, 3);
  const k = kind < 2 ? int(rng, 2, 6) : 1;
  const dir = kind === 0 || kind === 2 ? 1 : -1;
  const ans = dayAt(t + dir * k);
  const text =
    kind === 0
      ? `Today is ${dayAt(t)}. What day will it be ${k} days from today?`
      : kind === 1
        ? `Today is ${dayAt(t)}. What day was it ${k} days ago?`
        : kind === 2
          ? `Which day comes just after ${dayAt(t)}?`
          : `Which day comes just before ${dayAt(t)}?`;
  const wrong = [dayAt(t - dir * k), dayAt(t + dir * (k + 1)), dayAt(t + dir * (k - 1)), ...shuffle(rng, DAYS)];
  return choose(
    rng,
    text,
    ans,
    wrong,
    `The days go Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday and then Monday again. Counting ${k} ${dir > 0 ? 'forward' : 'back'} from ${dayAt(t)} gives ${ans}.`,
  );
};

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
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthAt = (i: number): string => MONTHS[((i % 12) + 12) % 12] as string;
G['months-of-year'] = (rng) => {
  const m = int(rng, 0, 11);
  const kind = int(rng, 0, 3);
  const order =
    'The months in order are January, February, March, April, May, June, July, August, September, October, November and December.';
  if (kind === 0)
    return choose(
      rng,
      `Which month comes just after ${monthAt(m)}?`,
      monthAt(m + 1),
      [monthAt(m - 1), monthAt(m + 2), monthAt(m + 6), ...MONTHS],
      `${order} After ${monthAt(m)} comes ${monthAt(m + 1)}.`,
    );
  if (kind === 1)
    return choose(
      rng,
      `Which month comes just before ${monthAt(m)}?`,
      monthAt(m - 1),
      [monthAt(m + 1), monthAt(m - 2), monthAt(m + 6), ...MONTHS],
      `${order} Before ${monthAt(m)} comes ${monthAt(m - 1)}.`,
    );
  if (kind === 2)
    return choose(
      rng,
      `Which is the ${ord(m + 1)} month of the year?`,
      monthAt(m),
      [monthAt(m + 1), monthAt(m - 1), monthAt(m + 2), ...MONTHS],
      `${order} Counting to ${m + 1}, the ${ord(m + 1)} month is ${monthAt(m)}.`,
    );
  const mm = m === 1 ? 2 : m;
  const days = MONTH_DAYS[mm] as number;
  return choose(
    rng,
    `How many days are there in ${monthAt(mm)}?`,
    String(days),
    ['30', '31', '28', '29'],
    `${monthAt(mm)} has ${days} days. April, June, September and November have 30 days; February has 28 (29 in a leap year); all the other months have 31.`,
  );
};

// =============================================================================================
// Grade 3: every question in the five Indian languages as well (maths-texts.ts), with the same
// numbers, options and answer; the English texts and the random draws are those of the English-only
// generators, so a seed still gives the same English questions.

/** Someone in a story, written in the language's script. */
function whoIn(p: Person, L: Grade3Texts): Who {
  const girl = p.he === 'she';
  const name = (girl ? L.girls : L.boys)[(girl ? GIRLS : BOYS).indexOf(p.name)];
  if (name === undefined) throw new Error(`no translation of the name ${p.name}`);
  return { name, girl };
}
/** The question with its text and solution in every translated language; options are the English ones (numbers), true/false words excepted. */
function localized(q: Q, write: (L: Grade3Texts) => { text: string; solution: string }): GeneratedQuestion {
  const translations: Translations = {};
  for (const lang of TRANSLATION_LANGUAGES) {
    const options = q.type === 'true_false' ? [...TRUE_FALSE_OPTIONS[lang]] : [...q.options];
    translations[lang] = { ...write(GRADE_3_TEXTS[lang]), options };
  }
  return { ...q, translations };
}

function threeDigits(rng: Rng): [number, number, number] {
  const [h = 1, t = 2, o = 3] = sample(rng, range(1, 9), 3);
  return [h, t, o];
}
G['place-value-3digit'] = (rng) => {
  const [h, t, o] = threeDigits(rng);
  const n = 100 * h + 10 * t + o;
  const parts = [100 * h, 10 * t, o] as const;
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const [d, v] = pick(rng, [
      [h, 100 * h],
      [t, 10 * t],
      [o, o],
    ] as [number, number][]);
    const place: Place = v === d ? 'ones' : v === 10 * d ? 'tens' : 'hundreds';
    return localized(
      numChoice(
        rng,
        `What is the place value of ${d} in ${n}?`,
        v,
        [d, 10 * d, 100 * d, n].filter((x) => x !== v),
        `${n} = ${100 * h} + ${10 * t} + ${o}. The digit ${d} is in the ${place} place, so its place value is ${v}.`,
      ),
      (L) => ({ text: L.placeValue(d, n), solution: L.placeValueWhy(n, parts, d, place, v) }),
    );
  }
  if (kind === 1)
    return localized(
      numChoice(
        rng,
        `${h} hundreds, ${t} tens and ${plural(o, 'one', 'ones')} make ____.`,
        n,
        [100 * h + 10 * o + t, 100 * t + 10 * h + o, h + t + o],
        `${h} hundreds = ${100 * h}, ${t} tens = ${10 * t} and ${plural(o, 'one', 'ones')} = ${o}. ${100 * h} + ${10 * t} + ${o} = ${n}.`,
      ),
      (L) => ({ text: L.htoMake(h, t, o), solution: L.htoMakeWhy(h, t, o, n) }),
    );
  const text = `${n} = ${100 * h} + ____ + ${o}`;
  return localized(
    numChoice(
      rng,
      text,
      10 * t,
      [t, 100 * t, 10 * o],
      `In ${n} the tens digit is ${t}, so it stands for ${10 * t}. ${100 * h} + ${10 * t} + ${o} = ${n}.`,
    ),
    (L) => ({ text, solution: L.tensDigitWhy(n, t, parts) }),
  );
};

G['compare-order-3digit'] = (rng) => {
  if (coin(rng, 0.7)) {
    const [h, t, o] = threeDigits(rng);
    const perms = shuffle(rng, [
      [h, t, o],
      [h, o, t],
      [t, h, o],
      [t, o, h],
      [o, h, t],
      [o, t, h],
    ]).slice(0, 4);
    const ns = perms.map(([a = 0, b = 0, c = 0]) => 100 * a + 10 * b + c);
    const big = coin(rng);
    const ans = big ? Math.max(...ns) : Math.min(...ns);
    const ascending = [...ns].sort((a, b) => a - b).join(', ');
    return localized(
      choose(
        rng,
        `Which is the ${big ? 'greatest' : 'smallest'} number: ${listText(ns.map(String), 'or')}?`,
        String(ans),
        ns.filter((v) => v !== ans).map(String),
        `Compare the hundreds digits first, then the tens, then the ones. In order from smallest: ${ascending}. So the ${big ? 'greatest' : 'smallest'} is ${ans}.`,
      ),
      (L) => ({ text: L.extreme(big, listText(ns.map(String), L.or)), solution: L.extremeWhy(big, ascending, ans) }),
    );
  }
  const a = int(rng, 100, 999);
  let b = coin(rng)
    ? Number(String(a).split('').reverse().join(''))
    : a + pick(rng, [-10, 10, -100, 100, -1, 1, 9, -9]);
  if (b === a || b < 100 || b > 999) b = a + 10 > 999 ? a - 10 : a + 10;
  const word = coin(rng) ? 'greater' : 'smaller';
  const truth = word === 'greater' ? a > b : a < b;
  return localized(
    trueFalse(
      `True or false: ${a} is ${word} than ${b}.`,
      truth,
      `Compare digit by digit from the left (hundreds, then tens, then ones). ${Math.max(a, b)} is greater than ${Math.min(a, b)}, so the statement is ${truth ? 'true' : 'false'}.`,
    ),
    (L) => ({
      text: L.compare(a, b, word === 'greater'),
      solution: L.compareWhy(Math.max(a, b), Math.min(a, b), truth),
    }),
  );
};

/** The columns of a + b (three-digit numbers), ones first. */
function carryColumns(a: number, b: number): CarryStep[] {
  const da = String(a).padStart(3, '0').split('').map(Number).reverse();
  const db = String(b).padStart(3, '0').split('').map(Number).reverse();
  const places: Place[] = ['ones', 'tens', 'hundreds'];
  let carry = 0;
  const steps: CarryStep[] = [];
  for (let i = 0; i < 3; i++) {
    const s = (da[i] ?? 0) + (db[i] ?? 0) + carry;
    steps.push({
      place: places[i]!,
      a: da[i] ?? 0,
      b: db[i] ?? 0,
      carryIn: carry === 1,
      sum: s,
      carryOut: s >= 10 && i < 2,
    });
    carry = s >= 10 ? 1 : 0;
  }
  return steps;
}
function carrySteps(a: number, b: number): string {
  return carryColumns(a, b)
    .map(
      (x) =>
        `${x.place}: ${x.a} + ${x.b}${x.carryIn ? ' + 1' : ''} = ${x.sum}${x.carryOut ? ' (write ' + (x.sum - 10) + ', carry 1)' : ''}`,
    )
    .join('; ');
}
G['add-3digit'] = (rng) => {
  const a = int(rng, 100, 799);
  const b = int(rng, 100, 999 - a);
  const s = a + b;
  const p = person(rng);
  const k = pick(rng, [0, 1, 2, 3] as const);
  const text = [
    `${a} + ${b} = ____`,
    `A school has ${a} girls and ${b} boys. How many children are there in the school?`,
    `A farmer sold ${a} kg of rice on Monday and ${b} kg on Tuesday. How many kilograms of rice did he sell in all?`,
    `${p.name} travelled ${a} km by train and then ${b} km by bus. How far did ${p.he} travel altogether?`,
  ][k]!;
  return localized(
    numChoice(
      rng,
      text,
      s,
      [s - 10, s - 100, s + 10, s + 100],
      `Add column by column — ${carrySteps(a, b)}. So ${a} + ${b} = ${s}.`,
    ),
    (L) => ({
      text: k === 0 ? text : L.addStory(k, a, b, whoIn(p, L)),
      solution: L.addWhy(carryColumns(a, b), a, b, s),
    }),
  );
};

G['subtract-3digit'] = (rng) => {
  const a = int(rng, 300, 999);
  const b = int(rng, 100, a - 50);
  const d = a - b;
  const da = String(a).split('').map(Number);
  const db = String(b).split('').map(Number);
  const slip = Number(da.map((x, i) => Math.abs(x - (db[i] ?? 0))).join(''));
  const p = person(rng);
  const k = pick(rng, [0, 1, 2, 3] as const);
  const text = [
    `${a} − ${b} = ____`,
    `A train had ${a} passengers. At Bhopal, ${b} passengers got off. How many passengers were left on the train?`,
    `A shop had ${a} notebooks. It sold ${b} of them. How many notebooks are left?`,
    `A bicycle costs ₹${a}. ${p.name} has ₹${b}. How much more money does ${p.he} need?`,
  ][k]!;
  return localized(
    numChoice(
      rng,
      text,
      d,
      [slip, d + 10, d - 10, d + 100],
      `Subtract column by column from the ones, borrowing from the next place when the top digit is smaller. ${a} − ${b} = ${d}. Check: ${d} + ${b} = ${a}.`,
    ),
    (L) => ({ text: k === 0 ? text : L.subStory(k, a, b, whoIn(p, L)), solution: L.subWhy(a, b, d) }),
  );
};

G['times-tables'] = (rng) => {
  const a = int(rng, 2, 10);
  const b = int(rng, 2, 10);
  const p = a * b;
  const k = pick(rng, [0, 1, 2, 3] as const);
  const text = [
    `${a} × ${b} = ____`,
    `${a} × ${b} = ____`,
    `There are ${a} packets with ${b} pencils in each packet. How many pencils are there in all?`,
    `There are ${a} rows of chairs with ${b} chairs in each row. How many chairs are there?`,
  ][k]!;
  const repeated = Array(a).fill(b).join(' + ');
  return localized(
    numChoice(
      rng,
      text,
      p,
      [p + a, p - a, p + b, a + b],
      `${a} groups of ${b}: ${repeated} = ${p}. So ${a} × ${b} = ${p}.`,
    ),
    (L) => ({ text: k === 2 || k === 3 ? L.timesStory(k, a, b) : text, solution: L.timesWhy(a, b, repeated, p) }),
  );
};

G['multiply-2digit-by-1digit'] = (rng) => {
  let a = 0;
  let b = 0;
  do {
    a = int(rng, 12, 99);
    b = int(rng, 2, 9);
  } while (a * b > 999 || a % 10 === 0);
  const p = a * b;
  const [t, o] = [Math.floor(a / 10), a % 10];
  const noCarry = t * b * 10 + ((o * b) % 10);
  const k = pick(rng, [0, 1, 2] as const);
  const text = [
    `${a} × ${b} = ____`,
    `One box has ${a} chalks. How many chalks are there in ${b} boxes?`,
    `A bus ticket costs ₹${a}. What do ${b} tickets cost?`,
  ][k]!;
  return localized(
    numChoice(
      rng,
      text,
      p,
      [noCarry, p + 10, p - 10, p + b],
      `${a} = ${10 * t} + ${o}. ${10 * t} × ${b} = ${10 * t * b} and ${o} × ${b} = ${o * b}. ${10 * t * b} + ${o * b} = ${p}.`,
    ),
    (L) => ({ text: k === 0 ? text : L.mulStory(k, a, b), solution: L.mulWhy(a, 10 * t, o, b, p) }),
  );
};

G['rupees-paise'] = (rng) => {
  const r = int(rng, 1, 20);
  const p = 5 * int(rng, 1, 19);
  const pp = String(p).padStart(2, '0');
  const total = 100 * r + p;
  const kind = int(rng, 0, 2);
  if (kind === 0)
    return localized(
      numChoice(
        rng,
        `₹${r} and ${p} paise = ____ paise`,
        total,
        [Number(`${r}${p}`), 10 * r + p, 1000 * r + p, r + p],
        `₹1 = 100 paise, so ₹${r} = ${100 * r} paise. ${100 * r} + ${p} = ${total} paise.`,
      ),
      (L) => ({ text: L.toPaise(r, p), solution: L.toPaiseWhy(r, p, total) }),
    );
  if (kind === 1)
    return localized(
      numChoice(
        rng,
        `${total} paise = ₹____`,
        total / 100,
        [total / 10, total / 1000, p < 10 ? r + p / 10 : r + p / 1000],
        `100 paise make ₹1. ${total} paise = ${100 * r} paise + ${p} paise = ₹${r} and ${p} paise, written ₹${r}.${pp}.`,
        { integer: false, step: 1 },
      ),
      (L) => ({ text: L.toRupees(total), solution: L.toRupeesWhy(total, r, p, pp) }),
    );
  return localized(
    numChoice(
      rng,
      `₹${r}.${pp} = ____ paise`,
      total,
      [Number(`${r}${p}`), 10 * r + p, r + p, 1000 * r + p],
      `₹${r}.${pp} means ₹${r} and ${p} paise. ₹${r} = ${100 * r} paise, so the total is ${100 * r} + ${p} = ${total} paise.`,
    ),
    (L) => ({ text: L.decimalToPaise(r, pp), solution: L.decimalToPaiseWhy(r, pp, p, total) }),
  );
};

const SHOP_ITEMS: [string, number, number][] = [
  ['notebook', 25, 45],
  ['pen', 10, 20],
  ['geometry box', 60, 120],
  ['storybook', 50, 150],
  ['water bottle', 80, 180],
  ['pencil box', 40, 90],
  ['packet of crayons', 30, 60],
  ['tiffin box', 90, 190],
];
G['shopping-bill'] = (rng) => {
  const [[i1, lo1, hi1], [i2, lo2, hi2]] = sample(rng, SHOP_ITEMS, 2) as [
    [string, number, number],
    [string, number, number],
  ];
  const item = (L: Grade3Texts, english: string) => L.items[SHOP_ITEMS.findIndex(([name]) => name === english)]!;
  const x = int(rng, lo1, hi1);
  const y = int(rng, lo2, hi2);
  const t = x + y;
  const p = person(rng);
  const start = `${p.name} buys a ${i1} for ₹${x} and a ${i2} for ₹${y}.`;
  if (coin(rng))
    return localized(
      numChoice(
        rng,
        `${start} How much does ${p.he} pay in all?`,
        t,
        [t - 10, t + 10, Math.abs(x - y), t + 1],
        `Total = ₹${x} + ₹${y} = ₹${t}.`,
        { fmt: rs },
      ),
      (L) => ({ text: L.shopTotal(whoIn(p, L), item(L, i1), x, item(L, i2), y), solution: L.shopTotalWhy(x, y, t) }),
    );
  const note = t < 100 ? 100 : t < 200 ? 200 : 500;
  const c = note - t;
  return localized(
    numChoice(
      rng,
      `${start} ${p.He} pays with a ₹${note} note. How much change should ${p.he} get back?`,
      c,
      [t, note - x, note - y, c + 10, c - 10],
      `Total = ₹${x} + ₹${y} = ₹${t}. Change = ₹${note} − ₹${t} = ₹${c}.`,
      { fmt: rs, min: 1 },
    ),
    (L) => ({
      text: L.shopChange(whoIn(p, L), item(L, i1), x, item(L, i2), y, note),
      solution: L.shopChangeWhy(x, y, t, note, c),
    }),
  );
};

// =============================================================================================
// Grade 4

const two = (n: number): string => String(n).padStart(2, '0');
/** Minutes after midnight to "9:05 am". */
function clock12(t: number): string {
  const h = Math.floor(t / 60) % 24;
  const m = t % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${two(m)} ${h < 12 ? 'am' : 'pm'}`;
}
const clock24 = (t: number): string => `${two(Math.floor(t / 60) % 24)}:${two(t % 60)}`;
G['clock-24-hour'] = (rng) => {
  const h = int(rng, 0, 23);
  const m = 5 * int(rng, 0, 11);
  const t = 60 * h + m;
  const flip = (s: string) => s.replace(/am$|pm$/, (x) => (x === 'am' ? 'pm' : 'am'));
  if (coin(rng)) {
    const ans = clock12(t);
    const wrong = [flip(ans)];
    if (h >= 13) wrong.push(`${h}:${two(m)} pm`, `${h - 10}:${two(m)} pm`);
    if (h === 0) wrong.push(`12:${two(m)} pm`, `0:${two(m)} am`);
    wrong.push(clock12(t + 60), clock12(t + 1380));
    return choose(
      rng,
      `A train timetable shows ${clock24(t)}. What is this time using am or pm?`,
      ans,
      wrong.filter((w) => !/^(0|1[3-9]|2\d):/.test(w) || w.startsWith(String(h))),
      h === 0
        ? `00:${two(m)} is just after midnight, which is 12:${two(m)} am.`
        : h < 12
          ? `Hours from 01 to 11 are before noon, so ${clock24(t)} is ${ans}.`
          : h === 12
            ? `12:${two(m)} is just after noon, so it is ${ans}.`
            : `For hours after 12, subtract 12: ${h} − 12 = ${h - 12}. So ${clock24(t)} is ${ans}.`,
    );
  }
  const ans = clock24(t);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const wrong = [
    `${two(h12)}:${two(m)}`,
    `${two((h12 + 10) % 24)}:${two(m)}`,
    `${two((h + 12) % 24)}:${two(m)}`,
    clock24(t + 60),
    clock24(t - 60 + 1440),
  ];
  return choose(
    rng,
    `Write ${clock12(t)} using the 24-hour clock.`,
    ans,
    wrong,
    h < 12
      ? `Times after midnight and before noon keep their hour${h === 0 ? ', except that 12 am becomes 00' : ''}: ${clock12(t)} = ${ans}.`
      : h === 12
        ? `12 noon stays 12: ${clock12(t)} = ${ans}.`
        : `For pm times after 12 noon, add 12 to the hour: ${h12} + 12 = ${h}. So ${clock12(t)} = ${ans}.`,
  );
};

const dur = (m: number): string =>
  [
    Math.floor(m / 60) ? plural(Math.floor(m / 60), 'hour', 'hours') : '',
    m % 60 ? plural(m % 60, 'minute', 'minutes') : '',
  ]
    .filter(Boolean)
    .join(' ');
G['time-duration'] = (rng) => {
  const start = 5 * int(rng, 72, 192); // 6:00 am to 4:00 pm
  let d = 5 * int(rng, 13, 72);
  while (d % 60 === 0) d = 5 * int(rng, 13, 72);
  const end = start + d;
  if (coin(rng)) {
    const [c1, c2] = sample(rng, CITIES, 2) as [string, string];
    const h12 = (t: number) => (Math.floor(t / 60) % 12 || 12) * 60 + (t % 60);
    const naive = Math.abs(h12(end) - h12(start));
    return choose(
      rng,
      `A train leaves ${c1} at ${clock12(start)} and reaches ${c2} at ${clock12(end)} the same day. How long is the journey?`,
      dur(d),
      [naive, d + 60, d - 60, d + 30, d - 30, d + 40].filter((x) => x > 0 && x !== d).map(dur),
      `Count on from ${clock12(start)}: ${plural(Math.floor(d / 60), 'hour', 'hours')} later it is ${clock12(start + 60 * Math.floor(d / 60))}, and ${d % 60} minutes more brings us to ${clock12(end)}. The journey takes ${dur(d)}.`,
    );
  }
  const flip = clock12(end).replace(/am$|pm$/, (x) => (x === 'am' ? 'pm' : 'am'));
  return choose(
    rng,
    `A film starts at ${clock12(start)} and lasts ${dur(d)}. At what time does it end?`,
    clock12(end),
    [clock12(end - 60), flip, clock12(end + 60), clock12(end - 30), clock12(end + 30)],
    `${clock12(start)} + ${plural(Math.floor(d / 60), 'hour', 'hours')} = ${clock12(start + 60 * Math.floor(d / 60))}; then add ${d % 60} minutes to get ${clock12(end)}.`,
  );
};

G['fraction-of-quantity'] = (rng) => {
  const n = 4 * int(rng, 2, 25);
  const [word, num, den] = pick(rng, [
    ['half', 1, 2],
    ['one-quarter', 1, 4],
    ['three-quarters', 3, 4],
  ] as [string, number, number][]);
  const ans = (n * num) / den;
  const p = person(rng);
  const kind = int(rng, 0, 2);
  const money = kind === 1;
  const text =
    kind === 0
      ? `What is ${word} of ${n}?`
      : kind === 1
        ? `${p.name} has ₹${n}. ${p.He} spends ${word} of it on a book. How much does ${p.he} spend?`
        : `A basket has ${n} oranges and ${word} of them are ripe. How many oranges are ripe?`;
  return numChoice(
    rng,
    text,
    ans,
    [n / 2, n / 4, (3 * n) / 4, n - ans, 2 * ans],
    `${word[0]?.toUpperCase()}${word.slice(1)} means ${num} of ${den} equal parts. ${n} ÷ ${den} = ${n / den}${num > 1 ? `, and ${num} parts = ${num} × ${n / den} = ${ans}` : ''}. So the answer is ${money ? '₹' : ''}${ans}.`,
    money ? { fmt: rs } : {},
  );
};

G['fraction-parts-of-whole'] = (rng) => {
  const d = pick(rng, [3, 4, 5, 6, 7, 8, 9, 10, 12]);
  let k = int(rng, 1, d - 1);
  while (gcd(k, d) !== 1) k = int(rng, 1, d - 1);
  const p = person(rng);
  const [thing, verb, what] = pick(rng, [
    ['roti', 'eats', 'eaten'],
    ['chocolate bar', 'eats', 'eaten'],
    ['cake', 'eats', 'eaten'],
    ['watermelon', 'eats', 'eaten'],
  ] as [string, string, string][]);
  const left = coin(rng);
  const text = `A ${thing} is cut into ${d} equal pieces. ${p.name} ${verb} ${k} of the pieces. What fraction of the ${thing} is ${left ? 'left' : what}?`;
  const ans = fr(left ? d - k : k, d);
  return fracChoice(
    rng,
    text,
    ans,
    [fr(left ? k : d - k, d), fr(k, d - k), fr(d, k), fr(d - k, k)],
    `The whole is ${d} equal pieces. ${left ? `${d} − ${k} = ${plural(d - k, 'piece is', 'pieces are')} left` : `${plural(k, 'piece is', 'pieces are')} ${what}`}, so the fraction is ${left ? d - k : k}/${d}.`,
  );
};

G['divide-exact-sharing'] = (rng) => {
  const d = int(rng, 2, 9);
  const q = int(rng, 11, 99);
  const n = q * d;
  const p = person(rng);
  const text = pick(rng, [
    `${n} ÷ ${d} = ____`,
    `${n} bananas are shared equally among ${d} monkeys. How many bananas does each monkey get?`,
    `There are ${n} students going on a trip. Each van carries ${d} students and every van is full. How many vans are needed?`,
    `${p.name} packs ${n} laddoos into boxes of ${d} each. How many boxes does ${p.he} fill?`,
  ]);
  return numChoice(
    rng,
    text,
    q,
    [q + 1, q - 1, q + 10, q - 10, n - d],
    `${n} ÷ ${d} = ${q}. Check: ${q} × ${d} = ${n}.`,
    { min: 1 },
  );
};

G['quotient-remainder'] = (rng) => {
  const d = int(rng, 3, 9);
  const q = int(rng, 10, 99);
  const r = int(rng, 1, d - 1);
  const n = q * d + r;
  const pairs: [number, number][] = [
    [q - 1, r + d],
    [q + 1, r],
    [q, r + 1],
    [q, d - r],
    [r, q],
  ];
  if (coin(rng)) {
    const f = ([a, b]: [number, number]) => `Quotient ${a}, remainder ${b}`;
    return choose(
      rng,
      `Divide ${n} by ${d}. What are the quotient and the remainder?`,
      f([q, r]),
      pairs.map(f),
      `${d} × ${q} = ${q * d} and ${n} − ${q * d} = ${r}, which is less than ${d}. So ${n} = ${d} × ${q} + ${r}.`,
    );
  }
  const f = ([a, b]: [number, number]) => `${a} full boxes, ${b} left over`;
  return choose(
    rng,
    `${n} pencils are packed in boxes of ${d}. How many boxes are filled, and how many pencils are left over?`,
    f([q, r]),
    pairs.map(f),
    `${n} ÷ ${d}: ${d} × ${q} = ${q * d}, and ${n} − ${q * d} = ${r}. So ${q} boxes are filled and ${r} pencils are left over.`,
  );
};

G['perimeter-rectangle'] = (rng) => {
  if (coin(rng, 0.65)) {
    const l = int(rng, 6, 30);
    const w = int(rng, 3, l - 1);
    const per = 2 * (l + w);
    const p = person(rng);
    const text = pick(rng, [
      `A rectangular garden is ${l} m long and ${w} m wide. What is its perimeter?`,
      `${p.name} wants to put a fence around a rectangular field ${l} m long and ${w} m wide. How many metres of fencing are needed?`,
    ]);
    return numChoice(
      rng,
      text,
      per,
      [l + w, l * w, 2 * l + w, per + 2],
      `Perimeter = ${l} + ${w} + ${l} + ${w} = 2 × (${l} + ${w}) = ${per} m.`,
      { fmt: (v) => `${v} m` },
    );
  }
  const s = int(rng, 4, 25);
  const unit = coin(rng) ? 'm' : 'cm';
  const text =
    unit === 'm'
      ? `A square park has each side ${s} m long. What is its perimeter?`
      : `What length of lace is needed to go once around a square handkerchief of side ${s} cm?`;
  return numChoice(
    rng,
    text,
    4 * s,
    [s * s, 2 * s, 3 * s, s + 4],
    `A square has 4 equal sides. Perimeter = 4 × ${s} = ${4 * s} ${unit}.`,
    { fmt: (v) => `${v} ${unit}` },
  );
};

G['area-rectangle-squares'] = (rng) => {
  const l = int(rng, 3, 12);
  const w = int(rng, 2, 9);
  const a = l * w;
  const kind = int(rng, 0, 2);
  const text =
    kind === 0
      ? `A rectangle is ${l} cm long and ${w} cm wide. How many squares of side 1 cm are needed to cover it?`
      : kind === 1
        ? `A floor has ${l} rows of tiles with ${w} tiles in each row. How many tiles are there on the floor?`
        : `What is the area of a rectangle ${l} cm long and ${w} cm wide?`;
  return numChoice(
    rng,
    text,
    a,
    [2 * (l + w), l + w, a + l, a - w],
    `${l} rows of ${w} squares each: ${l} × ${w} = ${a}. ${kind === 2 ? `The area is ${a} square cm.` : ''}`.trim(),
    { fmt: kind === 2 ? (v) => `${v} sq cm` : neg },
  );
};

// =============================================================================================
// Grade 5

const FACTOR_RICH = [12, 18, 20, 24, 28, 30, 32, 36, 40, 42, 45, 48, 54, 56, 60, 63, 64, 72, 75, 80, 84, 90, 96, 100];
G['factors-multiples-select'] = (rng) => {
  if (coin(rng)) {
    const n = pick(rng, FACTOR_RICH);
    const fs = range(2, n - 1).filter((f) => n % f === 0);
    const right = sample(rng, fs, int(rng, 2, Math.min(3, fs.length)));
    const pool = shuffle(rng, [2 * n, 3 * n, ...fs.map((f) => f + 1), n + 1, n - 1]).filter(
      (v) => n % v !== 0 && v > 1,
    );
    const wrong = [...new Set(pool)].slice(0, int(rng, 1, 2));
    return selectAll(
      rng,
      `Select all that apply: which of these numbers are factors of ${n}?`,
      right.map(String),
      wrong.map(String),
      `A factor of ${n} divides ${n} exactly. The factors of ${n} are ${[1, ...fs, n].join(', ')}. ${wrong.join(' and ')} ${wrong.length > 1 ? 'do' : 'does'} not divide ${n} exactly.`,
    );
  }
  const k = int(rng, 3, 12);
  const ms = range(2, 12).map((i) => i * k);
  const right = sample(rng, ms, int(rng, 2, 3));
  const pool = shuffle(rng, [...right.map((m) => m + 1), ...right.map((m) => m - 2), k + 1, k * 10 + 1]).filter(
    (v) => v % k !== 0 && v > 1,
  );
  const wrong = [...new Set(pool)].slice(0, int(rng, 1, 2));
  return selectAll(
    rng,
    `Select all that apply: which of these numbers are multiples of ${k}?`,
    right.map(String),
    wrong.map(String),
    `Multiples of ${k} are ${k}, ${2 * k}, ${3 * k}, ${4 * k}, … (the ${k} times table). ${right.map((m) => `${m} = ${k} × ${m / k}`).join(', ')}; ${wrong.join(' and ')} leave${wrong.length > 1 ? '' : 's'} a remainder when divided by ${k}.`,
  );
};

G['common-multiples-factors'] = (rng) => {
  if (coin(rng)) {
    let a = 0;
    let b = 0;
    do {
      a = int(rng, 2, 12);
      b = int(rng, 2, 12);
    } while (a === b || a % b === 0 || b % a === 0 || lcm(a, b) > 72);
    const L = lcm(a, b);
    const text = coin(rng)
      ? `What is the smallest common multiple of ${a} and ${b}?`
      : `A frog jumps ${a} steps at a time and a rabbit jumps ${b} steps at a time. Both start at the bottom of the same steps. On which step will they first land together?`;
    return numChoice(
      rng,
      text,
      L,
      [a * b === L ? 2 * L : a * b, gcd(a, b), a + b, 2 * L],
      `Multiples of ${a}: ${range(1, L / a)
        .map((i) => i * a)
        .join(', ')}. Multiples of ${b}: ${range(1, L / b)
        .map((i) => i * b)
        .join(', ')}. The first one in both lists is ${L}.`,
      { min: 1 },
    );
  }
  let g = 0;
  let m = 0;
  let n = 0;
  do {
    g = int(rng, 2, 12);
    m = int(rng, 2, 7);
    n = int(rng, 2, 7);
  } while (m === n || gcd(m, n) !== 1 || g * Math.max(m, n) > 100);
  const [a, b] = [g * m, g * n];
  const largestProper =
    range(1, g - 1)
      .filter((x) => g % x === 0)
      .pop() ?? 1;
  return numChoice(
    rng,
    `What is the biggest common factor of ${a} and ${b}?`,
    g,
    [largestProper, Math.min(a, b), 2 * g, lcm(a, b)],
    `Factors of ${a}: ${range(1, a)
      .filter((x) => a % x === 0)
      .join(', ')}. Factors of ${b}: ${range(1, b)
      .filter((x) => b % x === 0)
      .join(', ')}. The biggest number in both lists is ${g}.`,
    { min: 1 },
  );
};

function properFraction(rng: Rng, maxDen = 9): Fr {
  const d = int(rng, 2, maxDen);
  let n = int(rng, 1, d - 1);
  while (gcd(n, d) !== 1) n = int(rng, 1, d - 1);
  return { n, d };
}
G['equivalent-fractions'] = (rng) => {
  const { n: a, d: b } = properFraction(rng);
  const k = int(rng, 2, 6);
  const kind = int(rng, 0, 2);
  if (kind === 0)
    return numChoice(
      rng,
      `Fill in the blank: ${a}/${b} = ____/${b * k}`,
      a * k,
      [a + (b * k - b), a * k + 1, a * k - 1, k],
      `${b} × ${k} = ${b * k}, so multiply the numerator by ${k} too: ${a} × ${k} = ${a * k}. ${a}/${b} = ${a * k}/${b * k}.`,
      { min: 1 },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `Fill in the blank: ${a}/${b} = ${a * k}/____`,
      b * k,
      [b + (a * k - a), b * k + 1, b * k - 1, a * k + 1],
      `${a} × ${k} = ${a * k}, so multiply the denominator by ${k} too: ${b} × ${k} = ${b * k}. ${a}/${b} = ${a * k}/${b * k}.`,
      { min: 1 },
    );
  const raw = (x: number, y: number) => `${x}/${y}`;
  const key = (s: string) => {
    const [x = 0, y = 1] = s.split('/').map(Number);
    return ffmt(fr(x, y));
  };
  return choose(
    rng,
    `Which fraction is equivalent to ${a}/${b}?`,
    raw(a * k, b * k),
    [raw(a + k, b + k), raw(a * k, b + k), raw(a * k, b * k + 1), raw(a + 1, b * k), raw(b * k, a * k)].filter(
      (s) => key(s) !== ffmt(fr(a, b)),
    ),
    `Multiply the numerator and the denominator by the same number ${k}: ${a} × ${k} = ${a * k} and ${b} × ${k} = ${b * k}. So ${a}/${b} = ${a * k}/${b * k}.`,
    key,
  );
};

G['compare-fractions-simple'] = (rng) => {
  const sameDen = coin(rng);
  let fs: [number, number][];
  if (sameDen) {
    const d = int(rng, 5, 12);
    fs = sample(rng, range(1, d - 1), 4).map((n) => [n, d]);
  } else {
    const n = int(rng, 1, 5);
    fs = sample(rng, range(n + 1, 12), 4).map((d) => [n, d]);
  }
  const f = ([n, d]: [number, number]) => `${n}/${d}`;
  const rule = sameDen
    ? 'When the denominators are the same, the fraction with the bigger numerator is bigger.'
    : 'When the numerators are the same, the fraction with the smaller denominator is bigger (the whole is cut into fewer, larger parts).';
  if (coin(rng, 0.7)) {
    const large = coin(rng);
    const sorted = [...fs].sort((x, y) => x[0] / x[1] - y[0] / y[1]);
    const ans = (large ? sorted[3] : sorted[0]) as [number, number];
    return choose(
      rng,
      `Which is the ${large ? 'largest' : 'smallest'} fraction: ${listText(fs.map(f), 'or')}?`,
      f(ans),
      fs.filter((x) => x !== ans).map(f),
      `${rule} From smallest to largest: ${sorted.map(f).join(', ')}.`,
    );
  }
  const [x, y] = fs as [[number, number], [number, number]];
  const truth = x[0] / x[1] > y[0] / y[1];
  return trueFalse(
    `True or false: ${f(x)} is greater than ${f(y)}.`,
    truth,
    `${rule} So ${f(truth ? x : y)} is greater, and the statement is ${truth ? 'true' : 'false'}.`,
  );
};

G['tenths-hundredths'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    let n = int(rng, 1, 99);
    while (n % 10 === 0) n = int(rng, 1, 99);
    return numChoice(
      rng,
      `Write ${n}/100 as a decimal.`,
      n / 100,
      [n / 10, n / 1000, n],
      `${n}/100 is ${n} hundredths. Hundredths are the second place after the decimal point, so ${n}/100 = ${fmtAbs(n / 100)}.`,
      { integer: false, step: 0.01 },
    );
  }
  if (kind === 1) {
    let n = int(rng, 1, 99);
    while (n % 10 === 0) n = int(rng, 1, 99);
    return numChoice(
      rng,
      `Write ${n}/10 as a decimal.`,
      n / 10,
      [n / 100, n / 1000, n],
      `${n}/10 is ${n} tenths${n > 10 ? ` = ${Math.floor(n / 10)} ones and ${n % 10} tenths` : ''}. So ${n}/10 = ${fmtAbs(n / 10)}.`,
      { integer: false, step: 0.1 },
    );
  }
  const [t = 1, h = 2] = sample(rng, range(1, 9), 2);
  return numChoice(
    rng,
    `${t} tenths and ${plural(h, 'hundredth', 'hundredths')} = ____`,
    t / 10 + h / 100,
    [t + h / 10, h / 10 + t / 100, t / 100 + h / 1000],
    `${t} tenths = ${fmtAbs(t / 10)} and ${plural(h, 'hundredth', 'hundredths')} = ${fmtAbs(h / 100)}. Together: ${fmtAbs(t / 10 + h / 100)}.`,
    { integer: false, step: 0.01 },
  );
};

G['length-decimal'] = (rng) => {
  const kind = int(rng, 0, 3);
  const opts: NumOpts = { integer: false, step: 0.1 };
  if (kind === 0) {
    const c = int(rng, 1, 20);
    const m = int(rng, 1, 9);
    return numChoice(
      rng,
      `${c} cm ${m} mm = ____ cm`,
      c + m / 10,
      [c + m / 100, 10 * c + m, c + m / 1000],
      `10 mm = 1 cm, so ${m} mm = ${m}/10 cm = ${fmtAbs(m / 10)} cm. ${c} cm ${m} mm = ${fmtAbs(c + m / 10)} cm.`,
      opts,
    );
  }
  if (kind === 1) {
    let cm = int(rng, 101, 999);
    while (cm % 100 === 0) cm = int(rng, 101, 999);
    return numChoice(
      rng,
      `${cm} cm = ____ m`,
      cm / 100,
      [cm / 10, cm / 1000, cm * 100],
      `100 cm = 1 m, so divide by 100: ${cm} ÷ 100 = ${fmtAbs(cm / 100)} m.`,
      { ...opts, step: 0.01 },
    );
  }
  if (kind === 2) {
    const m = int(rng, 1, 9);
    const cm = int(rng, 1, 99);
    return numChoice(
      rng,
      `${m} m ${cm} cm = ____ m`,
      m + cm / 100,
      [m + cm / 10, m + cm / 1000, 100 * m + cm],
      `100 cm = 1 m, so ${cm} cm = ${cm}/100 m = ${fmtAbs(cm / 100)} m. ${m} m ${cm} cm = ${fmtAbs(m + cm / 100)} m.`,
      { ...opts, step: 0.01 },
    );
  }
  const x = int(rng, 11, 99);
  return numChoice(
    rng,
    `${fmtAbs(x / 10)} cm = ____ mm`,
    x,
    [x / 100, x * 10, x / 10 + 10],
    `1 cm = 10 mm, so ${fmtAbs(x / 10)} cm = ${fmtAbs(x / 10)} × 10 = ${x} mm.`,
    { integer: false, step: 1 },
  );
};

G['long-multiplication'] = (rng) => {
  const a = int(rng, 101, 999);
  const b = int(rng, 11, 99);
  const p = a * b;
  const [t, o] = [Math.floor(b / 10), b % 10];
  const text = pick(rng, [
    `${a} × ${b} = ____`,
    `A bus ticket from Delhi to Agra costs ₹${a}. How much do ${b} tickets cost?`,
    `A school orders ${b} boxes of chalk with ${a} chalks in each box. How many chalks is that?`,
  ]);
  const money = text.includes('₹');
  return numChoice(
    rng,
    text,
    p,
    [a * o + a * t, p + a, p - a, p + 100, p - 10],
    `${a} × ${b} = ${a} × ${10 * t} + ${a} × ${o} = ${inr(a * 10 * t)} + ${inr(a * o)} = ${inr(p)}.`,
    money ? { fmt: rs } : {},
  );
};

G['long-division'] = (rng) => {
  let d = 0;
  let q = 0;
  do {
    d = int(rng, 2, 25);
    q = int(rng, 12, 450);
  } while (d * q > 9999 || d * q < 100);
  const n = d * q;
  const dropZero = /\d0\d/.test(String(q)) ? Number(String(q).replace('0', '')) : q * 10;
  const text = pick(rng, [
    `${n} ÷ ${d} = ____`,
    `A school collected ${rs(n)} equally from ${d} classes. How much did each class give?`,
    `${n} saplings are planted in ${d} equal rows. How many saplings are there in each row?`,
  ]);
  const money = text.includes('₹');
  return numChoice(
    rng,
    text,
    q,
    [dropZero, q + 1, q - 1, q + 10],
    `Divide step by step (long division): ${n} ÷ ${d} = ${q}. Check: ${q} × ${d} = ${n}.`,
    {
      min: 1,
      ...(money ? { fmt: rs } : {}),
    },
  );
};

// =============================================================================================
// Grade 6

const UNIT_VALUES: Record<string, number> = { thousand: 1e3, lakh: 1e5, million: 1e6, crore: 1e7, billion: 1e9 };
G['indian-international-numbers'] = (rng) => {
  if (coin(rng, 0.6)) {
    const n = int(rng, 10_000_000, 999_999_999);
    const s = String(n);
    const twos = s.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
    const threesLeft = (s.match(/.{1,3}/g) ?? []).join(',');
    const twosLeft = (s.match(/.{1,2}/g) ?? []).join(',');
    const indianSystem = coin(rng);
    const ans = indianSystem ? inr(n) : intl(n);
    return choose(
      rng,
      `Place commas in ${s} using the ${indianSystem ? 'Indian' : 'International'} system of numeration.`,
      ans,
      [indianSystem ? intl(n) : inr(n), twos, threesLeft, twosLeft],
      indianSystem
        ? `In the Indian system the first comma comes after the hundreds (3 digits from the right), and then after every 2 digits (thousands, lakhs, crores): ${ans}.`
        : `In the International system a comma comes after every 3 digits from the right (thousands, millions, billions): ${ans}.`,
    );
  }
  const [from, to] = pick(rng, [
    ['million', 'lakh'],
    ['crore', 'million'],
    ['crore', 'lakh'],
    ['lakh', 'thousand'],
    ['billion', 'crore'],
    ['lakh', 'million'],
    ['million', 'crore'],
  ] as [string, string][]);
  const ratio = (UNIT_VALUES[from] as number) / (UNIT_VALUES[to] as number);
  const a = ratio >= 1 ? int(rng, 1, 9) : int(rng, 1, 9) * Math.round(1 / ratio);
  const ans = a * ratio;
  return numChoice(
    rng,
    `${a} ${from} = ____ ${to}`,
    ans,
    [ans * 10, ans / 10, ans * 100, ans / 100],
    `1 ${from} = ${inr(UNIT_VALUES[from] as number)} and 1 ${to} = ${inr(UNIT_VALUES[to] as number)}. So ${a} ${from} = ${inr(a * (UNIT_VALUES[from] as number))} = ${inr(ans)} ${to}.`,
    { min: 1, fmt: inr },
  );
};

G['rounding-estimation'] = (rng) => {
  const [place, name] = pick(rng, [
    [10, 'ten'],
    [100, 'hundred'],
    [1000, 'thousand'],
  ] as [number, string][]);
  const near = (v: number, p: number) => Math.round(v / p) * p;
  if (coin(rng)) {
    let n = int(rng, 1_000, 99_999);
    while (n % place === 0) n = int(rng, 1_000, 99_999);
    const ans = near(n, place);
    const down = Math.floor(n / place) * place;
    const other = ans === down ? down + place : down;
    const otherPlace = place === 1000 ? near(n, 100) : near(n, place * 10);
    return numChoice(
      rng,
      `Round ${inr(n)} to the nearest ${name}.`,
      ans,
      [other, otherPlace, down - place, ans + place],
      `${inr(n)} lies between ${inr(down)} and ${inr(down + place)}. The digit after the ${name}s place decides: ${ans === down ? 'it is less than 5, so round down' : 'it is 5 or more, so round up'}. Answer: ${inr(ans)}.`,
      { fmt: inr },
    );
  }
  const plus = coin(rng);
  const x = plus ? int(rng, 1_000, 49_999) : int(rng, 25_000, 99_999);
  const y = plus ? int(rng, 1_000, 49_999) : int(rng, 1_000, 24_000);
  const ra = near(x, place);
  const rb = near(y, place);
  const ans = plus ? ra + rb : ra - rb;
  const fl = (v: number) => Math.floor(v / place) * place;
  return numChoice(
    rng,
    `Estimate ${inr(x)} ${plus ? '+' : '−'} ${inr(y)} by rounding each number to the nearest ${name}.`,
    ans,
    [plus ? fl(x) + fl(y) : fl(x) - fl(y), ans + place, ans - place, ans + 2 * place],
    `${inr(x)} ≈ ${inr(ra)} and ${inr(y)} ≈ ${inr(rb)}. Estimate: ${inr(ra)} ${plus ? '+' : '−'} ${inr(rb)} = ${inr(ans)}.`,
    { fmt: inr, step: place },
  );
};

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
function roman(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}
function romanAdditive(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN.filter(([, s]) => s.length === 1))
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}
/** The tempting but wrong shortcut of subtracting straight from a much larger symbol (49 as IL, 95 as VC). */
function romanShortcut(n: number): string | undefined {
  const r = roman(n);
  for (const [long, short] of [
    ['CMXC', 'XM'],
    ['CDXC', 'XD'],
    ['XCIX', 'IC'],
    ['XLIX', 'IL'],
    ['XCV', 'VC'],
    ['XLV', 'VL'],
  ])
    if (long && short && r.includes(long)) return r.replace(long, short);
  return undefined;
}
G['roman-numerals'] = (rng) => {
  const n = coin(rng, 0.7) ? int(rng, 4, 100) : int(rng, 100, 999);
  const r = roman(n);
  if (coin(rng)) {
    const wrong = [romanShortcut(n), romanAdditive(n), roman(n + 1), roman(n - 1), roman(n + 10), roman(n + 5)].filter(
      (w): w is string => !!w,
    );
    return choose(
      rng,
      `Write ${n} in Roman numerals.`,
      r,
      wrong,
      `Break ${n} into parts: ${ROMAN.reduce<{ left: number; parts: string[] }>(
        (acc, [v, s]) => {
          while (acc.left >= v) {
            acc.parts.push(`${v} = ${s}`);
            acc.left -= v;
          }
          return acc;
        },
        { left: n, parts: [] },
      ).parts.join(
        ', ',
      )}. So ${n} = ${r}. (A symbol is written at most three times in a row, and I can be subtracted only from V and X, X only from L and C, C only from D and M.)`,
    );
  }
  const sumAll = r.split('').reduce((s, c) => s + (ROMAN.find(([, x]) => x === c)?.[0] ?? 0), 0);
  return numChoice(
    rng,
    `What number does the Roman numeral ${r} stand for?`,
    n,
    [sumAll, n + 1, n - 1, n + 10, n - 10],
    `Read from the left; a smaller symbol before a larger one is subtracted. ${
      ROMAN.filter(([v, s]) => s.length === 2 && r.includes(s) && v)
        .map(([v, s]) => `${s} = ${v}`)
        .join(', ') || 'There are no subtractions here'
    }. So ${r} = ${n}.`,
    { min: 1 },
  );
};

G['predecessor-successor'] = (rng) => {
  if (coin(rng, 0.65)) {
    const k = int(rng, 3, 6);
    const lead = int(rng, 1, 9);
    const boundary = coin(rng);
    const succ = coin(rng);
    const base = boundary ? lead * 10 ** k + (succ ? -1 : 0) : int(rng, 10_000, 9_999_999);
    const ans = succ ? base + 1 : base - 1;
    return numChoice(
      rng,
      `What is the ${succ ? 'successor' : 'predecessor'} of ${inr(base)}?`,
      ans,
      [
        succ ? base - 1 : base + 1,
        ans + 10 * (succ ? 1 : -1),
        succ ? base + 10 : base - 10,
        ans + (succ ? 10 ** (k - 1) : -(10 ** (k - 1))),
      ],
      `The ${succ ? 'successor is 1 more' : 'predecessor is 1 less'}: ${inr(base)} ${succ ? '+' : '−'} 1 = ${inr(ans)}.`,
      { fmt: inr },
    );
  }
  const a = int(rng, 10, 500);
  const b = a + int(rng, 5, 120);
  const ans = b - a - 1;
  return numChoice(
    rng,
    `How many whole numbers are there between ${a} and ${b}?`,
    ans,
    [b - a, b - a + 1, b - a - 2],
    `The numbers between are ${a + 1}, ${a + 2}, …, ${b - 1}. Their count is (${b} − ${a}) − 1 = ${ans}, because ${a} and ${b} themselves are not included.`,
  );
};

G['whole-number-properties'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const a = int(rng, 101, 999);
    const b = pick(rng, [98, 99, 101, 102, 103, 105, 997, 998, 999, 1001, 1002, 1005]);
    const R = b < 500 ? 100 : 1000;
    const k = b - R;
    const ans = a * b;
    return numChoice(
      rng,
      `Use the distributive property to find ${inr(a)} × ${inr(b)}.`,
      ans,
      [a * R + k, a * (b + 1), a * (b - 1), a * R],
      `${inr(a)} × ${inr(b)} = ${inr(a)} × (${inr(R)} ${k < 0 ? '−' : '+'} ${Math.abs(k)}) = ${inr(a * R)} ${k < 0 ? '−' : '+'} ${inr(Math.abs(a * k))} = ${inr(ans)}.`,
      { fmt: inr },
    );
  }
  if (kind === 1) {
    const [x, y] = pick(rng, [
      [25, 4],
      [125, 8],
      [50, 2],
      [5, 20],
      [4, 250],
      [40, 25],
    ] as [number, number][]);
    const m = int(rng, 12, 999);
    const ans = x * m * y;
    return numChoice(
      rng,
      `Find ${x} × ${inr(m)} × ${y} by suitable rearrangement.`,
      ans,
      [ans / 10, ans * 10, x * y + m, ans + m],
      `Multiply ${x} × ${y} = ${x * y} first (commutative and associative properties). Then ${x * y} × ${inr(m)} = ${inr(ans)}.`,
      { fmt: inr },
    );
  }
  const a = int(rng, 12, 99);
  const b = int(rng, 12, 99);
  const c = int(rng, 2, 9);
  const PROPS = [
    ['Commutative property of addition', `${a} + ${b} = ${b} + ${a}`],
    ['Commutative property of multiplication', `${a} × ${b} = ${b} × ${a}`],
    ['Associative property of addition', `(${a} + ${b}) + ${c} = ${a} + (${b} + ${c})`],
    ['Associative property of multiplication', `(${a} × ${b}) × ${c} = ${a} × (${b} × ${c})`],
    ['Distributive property of multiplication over addition', `${c} × (${a} + ${b}) = ${c} × ${a} + ${c} × ${b}`],
    ['Additive identity (adding 0)', `${a} + 0 = ${a}`],
    ['Multiplicative identity (multiplying by 1)', `${a} × 1 = ${a}`],
  ] as const;
  const [name, stmt] = pick(rng, PROPS);
  const sameOp = PROPS.filter(
    ([n]) =>
      n !== name &&
      (n.includes('multiplication') || n.includes('Multiplicative')) ===
        (name.includes('multiplication') || name.includes('Multiplicative')),
  );
  return choose(
    rng,
    `Which property is shown by ${stmt}?`,
    name,
    [...shuffle(rng, sameOp).map(([n]) => n), ...shuffle(rng, PROPS).map(([n]) => n)],
    `${stmt} shows the ${name.toLowerCase()}: ${
      name.startsWith('Commutative')
        ? 'changing the order of the numbers does not change the result'
        : name.startsWith('Associative')
          ? 'changing the grouping does not change the result'
          : name.startsWith('Distributive')
            ? 'multiplying a sum is the same as multiplying each part and adding'
            : name.startsWith('Additive')
              ? 'adding 0 leaves a number unchanged'
              : 'multiplying by 1 leaves a number unchanged'
    }.`,
  );
};

const DIVISORS = [2, 3, 4, 5, 6, 8, 9, 10, 11];
function divisibilityReason(n: number, d: number): string {
  const s = String(n);
  const digitSum = s.split('').reduce((t, c) => t + Number(c), 0);
  const alt = s
    .split('')
    .reverse()
    .reduce((t, c, i) => t + (i % 2 === 0 ? Number(c) : -Number(c)), 0);
  const yes = n % d === 0;
  switch (d) {
    case 2:
      return `its last digit ${s.slice(-1)} is ${yes ? '' : 'not '}even`;
    case 3:
    case 9:
      return `the sum of its digits is ${digitSum}, which is ${yes ? '' : 'not '}divisible by ${d}`;
    case 4:
      return `the number formed by its last two digits, ${Number(s.slice(-2))}, is ${yes ? '' : 'not '}divisible by 4`;
    case 8:
      return `the number formed by its last three digits, ${Number(s.slice(-3))}, is ${yes ? '' : 'not '}divisible by 8`;
    case 5:
      return `its last digit is ${s.slice(-1)}${yes ? '' : ' (not 0 or 5)'}`;
    case 10:
      return `its last digit is ${s.slice(-1)}${yes ? '' : ', not 0'}`;
    case 6:
      return `it is ${n % 2 === 0 ? '' : 'not '}divisible by 2 and ${n % 3 === 0 ? '' : 'not '}divisible by 3`;
    default:
      return `the difference between the sums of its alternate digits is ${Math.abs(alt)}, which is ${yes ? '' : 'not '}divisible by 11`;
  }
}
G['divisibility-tests'] = (rng) => {
  for (;;) {
    const n = int(rng, 100, 4000) * pick(rng, [6, 12, 18, 22, 33, 44, 45, 55, 66, 72, 8, 10, 15]);
    if (n > 99_999) continue;
    const right = DIVISORS.filter((d) => n % d === 0);
    const wrong = DIVISORS.filter((d) => n % d !== 0);
    if (coin(rng, 0.3)) {
      const d = pick(rng, DIVISORS);
      const yes = n % d === 0;
      return trueFalse(
        `True or false: ${inr(n)} is divisible by ${d}.`,
        yes,
        `${inr(n)} ${yes ? 'is' : 'is not'} divisible by ${d} because ${divisibilityReason(n, d)}.`,
      );
    }
    if (right.length < 2 || wrong.length < 2) continue;
    const r = sample(rng, right, int(rng, 2, Math.min(3, right.length)));
    const w = sample(rng, wrong, int(rng, 1, 2));
    return selectAll(
      rng,
      `Select all that apply: ${inr(n)} is divisible by which of these numbers?`,
      r.map(String),
      w.map(String),
      [...r, ...w].map((d) => `${d}: ${n % d === 0 ? 'yes' : 'no'}, because ${divisibilityReason(n, d)}.`).join(' '),
    );
  }
};

G['prime-factorisation'] = (rng) => {
  if (coin(rng, 0.65)) {
    let fs: number[] = [];
    let n = 1;
    do {
      fs = sample(rng, [2, 2, 2, 2, 3, 3, 3, 5, 5, 7, 11, 13], int(rng, 3, 6)).sort((a, b) => a - b);
      n = fs.reduce((a, b) => a * b, 1);
    } while (n > 3000 || n < 24);
    const f = (xs: number[]) => [...xs].sort((a, b) => a - b).join(' × ');
    const wrong: string[] = [];
    const i2 = fs.indexOf(2);
    if (fs.filter((x) => x === 2).length >= 2) wrong.push(f([...fs.filter((_, i) => i !== i2 && i !== i2 + 1), 4]));
    if (fs.filter((x) => x === 3).length >= 2)
      wrong.push(
        f([...fs.filter((x, i) => !(x === 3 && i === fs.indexOf(3)) && !(x === 3 && i === fs.indexOf(3) + 1)), 9]),
      );
    wrong.push(f(fs.slice(1)), f([...fs, 2]), f(fs.map((x, i) => (i === fs.length - 1 ? (x === 3 ? 5 : 3) : x))));
    if (fs.length >= 2) wrong.push(f([...fs.slice(0, -2), (fs[fs.length - 2] ?? 1) * (fs[fs.length - 1] ?? 1)]));
    return choose(
      rng,
      `Which of these is the prime factorisation of ${inr(n)}?`,
      f(fs),
      wrong,
      `Keep dividing by the smallest prime that works: ${inr(n)} = ${f(fs)}. Every factor must be prime (so 4, 6, 9 … are not allowed), and the product must be ${inr(n)}.`,
    );
  }
  const p = pick(rng, range(11, 199).filter(isPrime));
  const traps = range(21, 221).filter((x) => x % 2 === 1 && x % 5 !== 0 && !isPrime(x));
  const ws = sample(rng, traps, 3);
  const all = shuffle(rng, [p, ...ws]);
  return choose(
    rng,
    `Which of these numbers is a prime number: ${listText(all.map(String), 'or')}?`,
    String(p),
    ws.map(String),
    `${p} has no factors other than 1 and itself. The others are composite: ${ws.map((w) => `${w} = ${primeFactors(w)[0]} × ${w / (primeFactors(w)[0] ?? 1)}`).join(', ')}.`,
  );
};

G['hcf-lcm'] = (rng) => {
  const three = coin(rng, 0.3);
  let ns: number[] = [];
  for (;;) {
    const g = int(rng, 2, 12);
    const ms = sample(rng, range(2, 9), three ? 3 : 2);
    ns = ms.map((m) => g * m);
    if (Math.max(...ns) <= 150 && ns.every((x, i) => ns.every((y, j) => i === j || y % x !== 0))) break;
  }
  const H = ns.reduce(gcd);
  const L = ns.reduce(lcm);
  const hcf = coin(rng);
  const names = listText(ns.map(String));
  const pf = ns.map((n) => `${n} = ${primeFactors(n).join(' × ')}`).join(', ');
  if (hcf)
    return numChoice(
      rng,
      `Find the HCF of ${names}.`,
      H,
      [L, Math.min(...ns), 2 * H, H / (primeFactors(H)[0] ?? 1)],
      `${pf}. The HCF is the product of the common prime factors: ${H}.`,
      { min: 1 },
    );
  return numChoice(
    rng,
    `Find the LCM of ${names}.`,
    L,
    [ns.reduce((a, b) => a * b, 1), H, 2 * L, L / 2, L + H],
    `${pf}. The LCM takes each prime the greatest number of times it occurs in any one number: ${L}.`,
    { min: 1 },
  );
};

G['fraction-simplest-form'] = (rng) => {
  const a = int(rng, 1, 11);
  let b = int(rng, 2, 12);
  while (b === a || gcd(a, b) !== 1) b = int(rng, 2, 12);
  const k = pick(rng, [4, 6, 8, 9, 10, 12, 2, 3, 5, 7]);
  if (coin(rng, 0.7)) {
    const p = primeFactors(k)[0] ?? k;
    const part = k === p ? undefined : `${(a * k) / p}/${(b * k) / p}`;
    return choose(
      rng,
      `Reduce ${a * k}/${b * k} to its simplest form.`,
      `${a}/${b}`,
      [part, `${b}/${a}`, `${a}/${b + 1}`, `${a + 1}/${b}`, `${a * 2}/${b * 2 + 1}`].filter(
        (x): x is string => !!x && x !== `${a * k}/${b * k}`,
      ),
      `The HCF of ${a * k} and ${b * k} is ${k}. Divide both by ${k}: ${a * k} ÷ ${k} = ${a}, ${b * k} ÷ ${k} = ${b}. So ${a * k}/${b * k} = ${a}/${b}, and ${a} and ${b} have no common factor other than 1.`,
    );
  }
  const m = int(rng, 2, 6);
  const equal = coin(rng);
  const [x, y] = equal
    ? [a * m, b * m]
    : pick(rng, [
        [a * m, b * m + 1],
        [a + m, b + m],
        [a * m, b + m],
      ] as [number, number][]);
  const truth = x * b === y * a;
  return trueFalse(
    `True or false: ${a}/${b} and ${x}/${y} are equivalent fractions.`,
    truth,
    `Cross-multiply: ${a} × ${y} = ${a * y} and ${b} × ${x} = ${b * x}. These are ${truth ? 'equal, so the fractions are equivalent' : 'not equal, so the fractions are not equivalent'}.`,
  );
};

G['fraction-add-subtract'] = (rng) => {
  let f1: Fr;
  let f2: Fr;
  do {
    f1 = properFraction(rng, 12);
    f2 = properFraction(rng, 12);
  } while (f1.d === f2.d);
  const plus = coin(rng);
  if (!plus && fval(f1) < fval(f2)) [f1, f2] = [f2, f1];
  const ans = plus ? fadd(f1, f2) : fsub(f1, f2);
  const L = lcm(f1.d, f2.d);
  const [n1, n2] = [(f1.n * L) / f1.d, (f2.n * L) / f2.d];
  const op = plus ? '+' : '−';
  return fracChoice(
    rng,
    `Find ${ffmt(f1)} ${op} ${ffmt(f2)}. Give the answer in its simplest form.`,
    ans,
    [
      fr(plus ? f1.n + f2.n : f1.n - f2.n, plus ? f1.d + f2.d : Math.abs(f1.d - f2.d) || 1),
      fr(plus ? f1.n + f2.n : f1.n - f2.n, L),
      plus ? fsub(f1, f2) : fadd(f1, f2),
    ],
    `The LCM of ${f1.d} and ${f2.d} is ${L}. ${ffmt(f1)} = ${n1}/${L} and ${ffmt(f2)} = ${n2}/${L}. ${n1}/${L} ${op} ${n2}/${L} = ${plus ? n1 + n2 : n1 - n2}/${L}${ffmt(ans) === `${plus ? n1 + n2 : n1 - n2}/${L}` ? '' : ` = ${ffmt(ans)}`}.`,
  );
};

const dec = (hundredths: number): string => fmtAbs(hundredths / 100);
G['decimal-add-subtract'] = (rng) => {
  const A = int(rng, 105, 9999);
  const B = int(rng, 105, 9999);
  const plus = coin(rng);
  const [x, y] = plus ? [A, B] : [Math.max(A, B), Math.min(A, B)];
  const ans = plus ? x + y : x - y;
  const p = person(rng);
  const kind = int(rng, 0, 2);
  const money = kind === 1;
  const show = (h: number) => (money ? rs(h / 100) : dec(h));
  const text =
    kind === 0
      ? `${dec(x)} ${plus ? '+' : '−'} ${dec(y)} = ____`
      : kind === 1
        ? plus
          ? `${p.name} pays ${show(x)} for vegetables and ${show(y)} for fruit. How much does ${p.he} spend in all?`
          : `${p.name} has ${show(x)}. ${p.He} spends ${show(y)} on a book. How much money is left?`
        : plus
          ? `A ribbon ${dec(x)} m long is joined to another ribbon ${dec(y)} m long. What is the total length in metres?`
          : `A rope is ${dec(x)} m long. ${p.name} cuts off ${dec(y)} m. How many metres of rope are left?`;
  const places = (h: number) => (dec(h).split('.')[1] ?? '').length;
  const dp = Math.max(places(x), places(y));
  const strip = (h: number) => Number(dec(h).replace('.', ''));
  const misaligned = Math.round((plus ? strip(x) + strip(y) : strip(x) - strip(y)) * 10 ** (2 - dp));
  return numChoice(
    rng,
    text,
    ans / 100,
    [misaligned / 100, (ans + 10) / 100, (ans - 10) / 100, (ans + 100) / 100, (ans - 1) / 100],
    `Line up the decimal points (write ${dec(x)} and ${dec(y)} with the same number of decimal places), then ${plus ? 'add' : 'subtract'} as with whole numbers: ${show(x)} ${plus ? '+' : '−'} ${show(y)} = ${show(ans)}.`,
    { integer: false, step: 0.1, fmt: money ? rs : (v) => fmtAbs(v) },
  );
};

G['decimal-fraction-conversion'] = (rng) => {
  if (coin(rng)) {
    const k = pick(rng, [1, 2, 2, 3]);
    let N = int(rng, 1, 10 ** k * 3);
    while (N % 10 === 0 || gcd(N, 10 ** k) === 1) N = int(rng, 1, 10 ** k * 3);
    const value = fr(N, 10 ** k);
    const d = fmtAbs(N / 10 ** k);
    const raw = `${N}/${10 ** k}`;
    const shifted = ffmt(fr(N, 10 ** (k === 1 ? 2 : k - 1)));
    return choose(
      rng,
      `Write ${d} as a fraction in its lowest terms.`,
      ffmt(value),
      [raw, shifted, ffmt(fr(N, 10 ** (k + 1))), ffmt(fr(value.d, value.n))],
      `${d} = ${raw}. The HCF of ${N} and ${10 ** k} is ${gcd(N, 10 ** k)}, so ${raw} = ${ffmt(value)}.`,
    );
  }
  const b = pick(rng, [2, 4, 5, 8, 20, 25, 50]);
  let a = int(rng, 1, 2 * b);
  while (gcd(a, b) !== 1) a = int(rng, 1, 2 * b);
  const v = a / b;
  return numChoice(
    rng,
    `Write ${a}/${b} as a decimal.`,
    v,
    [Number(`${a}.${b}`), v * 10, v / 10, v * 100],
    `Make the denominator a power of 10: ${a}/${b} = ${a * (1000 / b)}/1000 = ${fmtAbs(v)}. (Or divide ${a} by ${b}.)`,
    { integer: false, step: 0.1 },
  );
};

G['units-as-decimals'] = (rng) => {
  const kind = int(rng, 0, 3);
  const opts: NumOpts = { integer: false, step: 0.1 };
  if (kind === 0) {
    const r = int(rng, 1, 99);
    const p = int(rng, 1, 99);
    return numChoice(
      rng,
      `${r} rupees ${p} paise = ₹____`,
      r + p / 100,
      [r + (p < 10 ? p / 10 : p / 1000), r + p / 1000, 10 * r + p / 100],
      `100 paise = ₹1, so ${p} paise = ₹${fmtAbs(p / 100)}. ${r} rupees ${p} paise = ₹${(r + p / 100).toFixed(2)}.`,
      { ...opts, step: 1 },
    );
  }
  if (kind === 1) {
    let g = int(rng, 5, 999);
    while (g % 100 === 0) g = int(rng, 5, 999);
    return numChoice(
      rng,
      `${g} g = ____ kg`,
      g / 1000,
      [g / 100, g / 10, g / 10000],
      `1000 g = 1 kg, so divide by 1000: ${g} ÷ 1000 = ${fmtAbs(g / 1000)} kg.`,
      { ...opts, step: 0.01 },
    );
  }
  if (kind === 2) {
    const k = int(rng, 1, 20);
    const m = int(rng, 5, 999);
    return numChoice(
      rng,
      `${k} km ${m} m = ____ km`,
      k + m / 1000,
      [k + m / 100, k + m / 10, 1000 * k + m],
      `1000 m = 1 km, so ${m} m = ${fmtAbs(m / 1000)} km. ${k} km ${m} m = ${fmtAbs(k + m / 1000)} km.`,
      { ...opts, step: 1 },
    );
  }
  const l = int(rng, 1, 9);
  const ml = int(rng, 5, 999);
  return numChoice(
    rng,
    `${l} litres ${ml} ml = ____ litres`,
    l + ml / 1000,
    [l + ml / 100, l + ml / 10, 1000 * l + ml],
    `1000 ml = 1 litre, so ${ml} ml = ${fmtAbs(ml / 1000)} litre. ${l} litres ${ml} ml = ${fmtAbs(l + ml / 1000)} litres.`,
    { ...opts, step: 1 },
  );
};

// =============================================================================================
// Grade 7

G['integer-add-subtract'] = (rng) => {
  if (coin(rng, 0.35)) {
    const t = int(rng, -12, 6);
    const r = int(rng, 2, 18);
    const rose = coin(rng);
    const ans = rose ? t + r : t - r;
    const place = pick(rng, ['Leh', 'Shimla', 'Srinagar', 'Gulmarg', 'Tawang']);
    return numChoice(
      rng,
      `At ${place}, the temperature at night was ${neg(t)} °C. By noon it had ${rose ? 'risen' : 'fallen'} by ${r} °C. What was the temperature at noon?`,
      ans,
      [rose ? t - r : t + r, -ans, Math.abs(t) + r * (rose ? 1 : -1)],
      `${rose ? 'A rise means add' : 'A fall means subtract'}: ${par(t)} ${rose ? '+' : '−'} ${r} = ${neg(ans)} °C.`,
      { fmt: (v) => `${neg(v)} °C`, min: -Infinity },
    );
  }
  const a = nz(rng, -30, 30);
  const b = nz(rng, -30, 30);
  const plus = coin(rng);
  const ans = plus ? a + b : a - b;
  const rule = plus
    ? b < 0
      ? `Adding a negative number is the same as subtracting: ${par(a)} + ${par(b)} = ${neg(a)} − ${Math.abs(b)}`
      : `${par(a)} + ${b}: move ${b} steps to the right of ${neg(a)} on the number line`
    : b < 0
      ? `Subtracting a negative number is the same as adding its additive inverse: ${par(a)} − ${par(b)} = ${par(a)} + ${-b}`
      : `${par(a)} − ${b}: move ${b} steps to the left of ${neg(a)} on the number line`;
  return numChoice(
    rng,
    `${par(a)} ${plus ? '+' : '−'} ${par(b)} = ____`,
    ans,
    [-ans, plus ? a - b : a + b, Math.abs(a) + Math.abs(b), -(Math.abs(a) + Math.abs(b))],
    `${rule} = ${neg(ans)}.`,
    { min: -Infinity },
  );
};

G['integer-multiply-divide'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    let a = nz(rng, -12, 12);
    const b = nz(rng, -12, 12);
    if (a > 0 && b > 0) a = -a;
    const ans = a * b;
    return numChoice(
      rng,
      `${par(a)} × ${par(b)} = ____`,
      ans,
      [-ans, a + b, -(a + b)],
      `${Math.abs(a)} × ${Math.abs(b)} = ${Math.abs(ans)}. ${a < 0 !== b < 0 ? 'A negative times a positive is negative' : 'A negative times a negative is positive'}, so the answer is ${neg(ans)}.`,
      { min: -Infinity },
    );
  }
  if (kind === 1) {
    const xs = [nz(rng, -6, 6), nz(rng, -6, 6), nz(rng, -6, 6)];
    if (xs.every((x) => x > 0)) xs[0] = -(xs[0] as number);
    const ans = xs.reduce((p, x) => p * x, 1);
    const negs = xs.filter((x) => x < 0).length;
    return numChoice(
      rng,
      `${xs.map(par).join(' × ')} = ____`,
      ans,
      [-ans, xs.reduce((p, x) => p + x, 0), ans + (xs[2] as number)],
      `Multiply the sizes: ${xs.map((x) => Math.abs(x)).join(' × ')} = ${Math.abs(ans)}. There ${negs === 1 ? 'is 1 negative factor' : `are ${negs} negative factors`} (${negs % 2 ? 'odd, so the product is negative' : 'even, so the product is positive'}): ${neg(ans)}.`,
      { min: -Infinity },
    );
  }
  const b = pick(rng, [-1, 1]) * int(rng, 2, 12);
  let q = nz(rng, -15, 15);
  if (b > 0 && q > 0) q = -q;
  const a = b * q;
  return numChoice(
    rng,
    `${par(a)} ÷ ${par(b)} = ____`,
    q,
    [-q, a - b, b * 2 === a ? q + 1 : Math.abs(a) + Math.abs(b)],
    `${Math.abs(a)} ÷ ${Math.abs(b)} = ${Math.abs(q)}. ${a < 0 !== b < 0 ? 'The signs are different, so the quotient is negative' : 'The signs are the same, so the quotient is positive'}: ${neg(q)}.`,
    { min: -Infinity },
  );
};

G['fraction-multiply-divide'] = (rng) => {
  const kind = int(rng, 0, 2);
  const f1 = properFraction(rng, 10);
  const f2 = coin(rng) ? properFraction(rng, 10) : fr(int(rng, 3, 9), int(rng, 2, 5));
  if (kind === 0) {
    const ans = fmul(f1, f2);
    return fracChoice(
      rng,
      `Find ${ffmt(f1)} × ${ffmt(f2)}. Give the answer in its simplest form.`,
      ans,
      [
        fdiv(f1, f2),
        fr(f1.n + f2.n, f1.d + f2.d),
        fr(f1.n * f2.n, f1.d + f2.d),
        fr(f1.n * f2.d + f2.n * f1.d, f1.d * f2.d),
      ],
      `Multiply numerators and denominators: (${f1.n} × ${f2.n})/(${f1.d} × ${f2.d}) = ${reduced(f1.n * f2.n, f1.d * f2.d)}.`,
    );
  }
  if (kind === 1) {
    const ans = fdiv(f1, f2);
    return fracChoice(
      rng,
      `Find ${ffmt(f1)} ÷ ${ffmt(f2)}. Give the answer in its simplest form.`,
      ans,
      [fmul(f1, f2), fdiv(f2, f1), fr(f1.n * f2.n, f1.d * f2.n)],
      `Dividing by ${ffmt(f2)} means multiplying by its reciprocal ${f2.d}/${f2.n}: ${ffmt(f1)} × ${f2.d}/${f2.n} = ${reduced(f1.n * f2.d, f1.d * f2.n)}.`,
    );
  }
  const w = int(rng, 2, 12);
  const ans = fmul(fr(w), f1);
  return fracChoice(
    rng,
    `Find ${w} × ${ffmt(f1)}. Give the answer in its simplest form.`,
    ans,
    [fr(w * f1.n, w * f1.d + 1), fr(f1.n, w * f1.d), fr(w + f1.n, f1.d), fr(w * f1.d, f1.n)],
    `Multiply the whole number by the numerator: (${w} × ${f1.n})/${f1.d} = ${reduced(w * f1.n, f1.d)}.`,
  );
};

G['decimal-multiply-divide'] = (rng) => {
  const kind = int(rng, 0, 3);
  const opts: NumOpts = { integer: false, step: 0.1, min: 0.0001 };
  if (kind === 0) {
    const X = int(rng, 2, 99);
    const Y = int(rng, 2, 99);
    const dx = pick(rng, [1, 1, 2]);
    const dy = pick(rng, [1, 2]);
    const x = X / 10 ** dx;
    const y = Y / 10 ** dy;
    const ans = (X * Y) / 10 ** (dx + dy);
    return numChoice(
      rng,
      `${fmtAbs(x)} × ${fmtAbs(y)} = ____`,
      ans,
      [ans * 10, ans / 10, ans * 100],
      `Multiply without the decimal points: ${X} × ${Y} = ${X * Y}. The factors have ${dx} + ${dy} = ${dx + dy} decimal places in total, so the product has ${dx + dy}: ${fmtAbs(ans)}.`,
      opts,
    );
  }
  if (kind === 1) {
    const X = int(rng, 11, 9999);
    const dx = pick(rng, [1, 2]);
    const x = X / 10 ** dx;
    const p = pick(rng, [10, 100, 1000]);
    const times = coin(rng);
    const ans = times ? x * p : x / p;
    const zeros = Math.log10(p);
    return numChoice(
      rng,
      `${fmtAbs(x)} ${times ? '×' : '÷'} ${p} = ____`,
      ans,
      [times ? x / p : x * p, times ? x * p * 10 : x / p / 10, times ? (x * p) / 10 : (x / p) * 10],
      `${times ? 'Multiplying' : 'Dividing'} by ${p} moves the decimal point ${zeros} place${zeros > 1 ? 's' : ''} to the ${times ? 'right' : 'left'}: ${fmtAbs(ans)}.`,
      opts,
    );
  }
  const Y = int(rng, 2, 9);
  const dy = pick(rng, [1, 2]);
  const q = int(rng, 2, 60);
  const y = Y / 10 ** dy;
  const x = round6(q * y);
  return numChoice(
    rng,
    `${fmtAbs(x)} ÷ ${fmtAbs(y)} = ____`,
    q,
    [q / 10, q * 10, q / 100],
    `Multiply both numbers by ${10 ** dy} to make the divisor a whole number: ${fmtAbs(x * 10 ** dy)} ÷ ${Y} = ${q}.`,
    opts,
  );
};

const VARS = ['x', 'y', 'm', 'n', 'p', 't', 'z', 'a'];
G['solve-simple-equation'] = (rng) => {
  const v = pick(rng, VARS);
  const kind = int(rng, 0, 2);
  const fmt = (n: number) => `${v} = ${neg(n)}`;
  if (kind === 0) {
    const a = int(rng, 2, 9);
    const x = int(rng, -5, 15);
    const b = nz(rng, -20, 20);
    const c = a * x + b;
    return numChoice(
      rng,
      `Solve for ${v}: ${terms([
        [a, v],
        [b, ''],
      ])} = ${neg(c)}`,
      x,
      [(c + b) / a, c - b, (c - b) / a + 1, c / a - b, -x],
      `${b > 0 ? `Subtract ${b} from` : `Add ${-b} to`} both sides: ${a}${v} = ${neg(c - b)}. Divide both sides by ${a}: ${v} = ${neg(x)}. Check: ${a} × ${par(x)} ${b > 0 ? '+' : '−'} ${Math.abs(b)} = ${neg(c)}.`,
      { fmt, min: -Infinity },
    );
  }
  if (kind === 1) {
    const a = int(rng, 2, 6);
    const k = int(rng, 1, 12);
    const x = a * k;
    const b = nz(rng, -10, 10);
    const c = k + b;
    return numChoice(
      rng,
      `Solve for ${v}: ${v}/${a} ${b > 0 ? '+' : '−'} ${Math.abs(b)} = ${neg(c)}`,
      x,
      [(c - b) * a + 1, (c + b) * a, c * a - b, (c - b) / a, k],
      `${b > 0 ? `Subtract ${b} from` : `Add ${-b} to`} both sides: ${v}/${a} = ${neg(k)}. Multiply both sides by ${a}: ${v} = ${neg(x)}.`,
      { fmt, min: -Infinity },
    );
  }
  const a = int(rng, 2, 9);
  const b = nz(rng, -9, 9);
  const x = int(rng, 1, 12);
  const c = a * (x + b);
  return numChoice(
    rng,
    `Solve for ${v}: ${a}(${terms([
      [1, v],
      [b, ''],
    ])}) = ${neg(c)}`,
    x,
    [c / a + b, c - b, (c - a * b) / a + 1, c / a, -x],
    `Divide both sides by ${a}: ${terms([
      [1, v],
      [b, ''],
    ])} = ${neg(c / a)}. ${b > 0 ? `Subtract ${b}` : `Add ${-b}`}: ${v} = ${neg(x)}.`,
    { fmt, min: -Infinity },
  );
};

G['equation-word-problems'] = (rng) => {
  const p = person(rng);
  const kind = int(rng, 0, 3);
  if (kind === 0) {
    const x = int(rng, 2, 20);
    const a = int(rng, 2, 9);
    const adds = coin(rng);
    const b = int(rng, 1, 30);
    const c = adds ? a * x + b : a * x - b;
    if (c <= 0) return G['equation-word-problems']!(rng);
    return numChoice(
      rng,
      `${p.name} thinks of a number, multiplies it by ${a} and then ${adds ? 'adds' : 'subtracts'} ${b}. The result is ${c}. What is the number?`,
      x,
      [adds ? (c + b) / a : (c - b) / a, c / a, adds ? c - b : c + b, x + 1],
      `Let the number be x. Then ${a}x ${adds ? '+' : '−'} ${b} = ${c}, so ${a}x = ${adds ? c - b : c + b} and x = ${x}.`,
      { min: 1 },
    );
  }
  if (kind === 1) {
    const x = int(rng, 6, 16);
    const d = int(rng, 20, 35);
    const s = 2 * x + d;
    return numChoice(
      rng,
      `${p.name}'s mother is ${d} years older than ${p.him}. The sum of their ages is ${s} years. How old is ${p.name}?`,
      x,
      [s - d, x + d, s / 2, (s + d) / 2],
      `Let ${p.name}'s age be x. Mother's age is x + ${d}. x + (x + ${d}) = ${s}, so 2x = ${s - d} and x = ${x} years.`,
      { fmt: (v) => `${v} years`, min: 1 },
    );
  }
  if (kind === 2) {
    const b = int(rng, 4, 30);
    const k = int(rng, 2, 15);
    const P = 2 * (2 * b + k);
    return numChoice(
      rng,
      `The length of a rectangle is ${k} m more than its breadth. Its perimeter is ${P} m. What is its breadth?`,
      b,
      [(P - k) / 2, P / 4, b + k, (P / 2 - k) / 2 + k],
      `Let the breadth be b m, so the length is b + ${k}. Perimeter = 2(b + b + ${k}) = ${P}, so 2b + ${k} = ${P / 2}, 2b = ${P / 2 - k} and b = ${b} m.`,
      { fmt: (v) => `${v} m`, min: 1 },
    );
  }
  const [p1, p2] = twoPeople(rng);
  const x = int(rng, 3, 25);
  const k = int(rng, 2, 6);
  const t = x * (k + 1);
  return numChoice(
    rng,
    `${p1.name} has ${k} times as many marbles as ${p2.name}. Together they have ${t} marbles. How many marbles does ${p2.name} have?`,
    x,
    [t / k, k * x, t - k, t / 2],
    `Let ${p2.name} have x marbles; ${p1.name} has ${k}x. x + ${k}x = ${t}, so ${k + 1}x = ${t} and x = ${x}.`,
    { min: 1 },
  );
};

const ANGLE_RATIOS: [number, number, number][] = [
  [1, 2, 3],
  [2, 3, 4],
  [1, 1, 2],
  [3, 4, 5],
  [2, 3, 5],
  [1, 2, 2],
  [4, 5, 6],
  [5, 6, 7],
  [1, 3, 5],
  [2, 5, 8],
  [3, 5, 10],
  [2, 7, 11],
  [1, 4, 7],
  [3, 7, 8],
];
G['triangle-angle-sum'] = (rng) => {
  const kind = int(rng, 0, 3);
  const deg = (v: number) => `${v}°`;
  if (kind === 0) {
    const a = int(rng, 20, 100);
    const b = int(rng, 20, 160 - a);
    const c = 180 - a - b;
    return numChoice(
      rng,
      `Two angles of a triangle are ${a}° and ${b}°. Find the third angle.`,
      c,
      [360 - a - b, 180 - a, a + b, 90 - a - b + 90 + 10],
      `The angles of a triangle add up to 180°. Third angle = 180° − (${a}° + ${b}°) = ${c}°.`,
      { fmt: deg, min: 1 },
    );
  }
  if (kind === 1) {
    const [p, q, r] = pick(rng, ANGLE_RATIOS);
    const k = 180 / (p + q + r);
    const large = coin(rng);
    const ans = (large ? r : p) * k;
    return numChoice(
      rng,
      `The angles of a triangle are in the ratio ${p} : ${q} : ${r}. Find the ${large ? 'largest' : 'smallest'} angle.`,
      ans,
      [(large ? p : r) * k, q * k, k, (large ? r : p) * (360 / (p + q + r))],
      `Let the angles be ${p}x, ${q}x and ${r}x. ${p + q + r}x = 180°, so x = ${k}°. The ${large ? 'largest' : 'smallest'} angle is ${large ? r : p} × ${k}° = ${ans}°.`,
      { fmt: deg, min: 1 },
    );
  }
  if (kind === 2) {
    const a = int(rng, 15, 75);
    return numChoice(
      rng,
      `In a right-angled triangle, one acute angle is ${a}°. Find the other acute angle.`,
      90 - a,
      [180 - a, a, 90 + a, 180 - 2 * a],
      `The right angle is 90°, so the two acute angles add up to 180° − 90° = 90°. Other angle = 90° − ${a}° = ${90 - a}°.`,
      { fmt: deg, min: 1 },
    );
  }
  const v = 2 * int(rng, 10, 80);
  const ans = (180 - v) / 2;
  return numChoice(
    rng,
    `In an isosceles triangle, the angle between the two equal sides is ${v}°. Find each of the other two angles.`,
    ans,
    [180 - v, v, (180 - v) / 3, 90 - ans + v],
    `The angles opposite the equal sides are equal. Together they make 180° − ${v}° = ${180 - v}°, so each is ${180 - v}° ÷ 2 = ${ans}°.`,
    { fmt: deg, min: 1 },
  );
};

G['exterior-angle-property'] = (rng) => {
  const deg = (v: number) => `${v}°`;
  const a = int(rng, 20, 90);
  const b = int(rng, 20, 170 - a);
  if (coin(rng))
    return numChoice(
      rng,
      `The two interior opposite angles of an exterior angle of a triangle are ${a}° and ${b}°. Find the exterior angle.`,
      a + b,
      [180 - a - b, 180 - a, 360 - a - b, 180 - b],
      `An exterior angle of a triangle equals the sum of its two interior opposite angles: ${a}° + ${b}° = ${a + b}°.`,
      { fmt: deg, min: 1 },
    );
  const e = a + b;
  return numChoice(
    rng,
    `An exterior angle of a triangle is ${e}° and one of its interior opposite angles is ${a}°. Find the other interior opposite angle.`,
    b,
    [180 - e, e + a, 180 - e - a, 180 - a],
    `Exterior angle = sum of the interior opposite angles, so ${e}° = ${a}° + x. x = ${e}° − ${a}° = ${b}°.`,
    { fmt: deg, min: 1 },
  );
};

const TRIPLES: [number, number, number][] = [
  [3, 4, 5],
  [5, 12, 13],
  [8, 15, 17],
  [7, 24, 25],
  [20, 21, 29],
  [9, 40, 41],
  [6, 8, 10],
  [9, 12, 15],
  [12, 16, 20],
  [15, 20, 25],
  [10, 24, 26],
  [12, 35, 37],
];
G['pythagoras'] = (rng) => {
  const [a, b, c] = pick(rng, TRIPLES);
  const kind = int(rng, 0, 3);
  const cm = (v: number) => `${v} cm`;
  if (kind === 0)
    return numChoice(
      rng,
      `The two shorter sides of a right-angled triangle are ${a} cm and ${b} cm. Find the longest side (the hypotenuse).`,
      c,
      [a + b, c + 1, a * a + b * b, c - 1],
      `By Pythagoras' property, hypotenuse² = ${a}² + ${b}² = ${a * a} + ${b * b} = ${c * c}. So the hypotenuse = √${c * c} = ${c} cm.`,
      { fmt: cm, min: 1 },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `The hypotenuse of a right-angled triangle is ${c} cm and one of the other sides is ${a} cm. Find the third side.`,
      b,
      [c - a, c + a, b + 1, c * c - a * a],
      `Third side² = ${c}² − ${a}² = ${c * c} − ${a * a} = ${b * b}. So the third side = √${b * b} = ${b} cm.`,
      { fmt: cm, min: 1 },
    );
  if (kind === 2)
    return numChoice(
      rng,
      `A ladder ${c} m long reaches a window ${b} m above the ground. How far is the foot of the ladder from the wall?`,
      a,
      [c - b, c + b, a + 1, b],
      `The ladder, the wall and the ground form a right-angled triangle with the ladder as hypotenuse. Distance² = ${c}² − ${b}² = ${c * c} − ${b * b} = ${a * a}, so the distance is ${a} m.`,
      { fmt: (v) => `${v} m`, min: 1 },
    );
  const right = coin(rng);
  const z = right ? c : c + pick(rng, [1, 2, -1]);
  const sides = shuffle(rng, [a, b, z]);
  const sq = [a, b].map((s) => s * s);
  return trueFalse(
    `True or false: a triangle with sides ${sides[0]} cm, ${sides[1]} cm and ${sides[2]} cm is right-angled.`,
    right,
    `Check if the square of the longest side equals the sum of the squares of the other two: ${a}² + ${b}² = ${(sq[0] ?? 0) + (sq[1] ?? 0)} and ${z}² = ${z * z}. ${right ? 'They are equal, so it is right-angled.' : 'They are not equal, so it is not right-angled.'}`,
  );
};

G['percentage-of-quantity'] = (rng) => {
  const kind = int(rng, 0, 3);
  if (kind === 0) {
    const r = pick(rng, [5, 10, 12, 15, 20, 25, 30, 40, 60, 75]);
    const n = 20 * int(rng, 3, 150);
    const ans = (n * r) / 100;
    return numChoice(
      rng,
      `What is ${r}% of ${rs(n)}?`,
      ans,
      [n - ans, (n * r) / 10, ans + r, n / r],
      `${r}% of ${rs(n)} = ${r}/100 × ${n} = ${rs(ans)}.`,
      { fmt: rs, min: 1 },
    );
  }
  if (kind === 1) {
    const t = pick(rng, [20, 25, 40, 50, 60, 80]);
    let m = int(rng, 1, t - 1);
    while ((m * 100) % t !== 0) m = int(rng, 1, t - 1);
    const pct = (m * 100) / t;
    const p = person(rng);
    return numChoice(
      rng,
      `${p.name} scored ${m} marks out of ${t} in a test. What percentage of the marks did ${p.he} score?`,
      pct,
      [m, 100 - pct, t - m, pct + 10],
      `Percentage = ${m}/${t} × 100 = ${pct}%.`,
      { fmt: (v) => `${v}%`, min: 1 },
    );
  }
  if (kind === 2) {
    const b = pick(rng, [2, 4, 5, 8, 10, 20, 25, 50]);
    let a = int(rng, 1, b - 1 || 1);
    while (gcd(a, b) !== 1) a = int(rng, 1, b - 1);
    const ans = (a * 100) / b;
    return numChoice(
      rng,
      `Convert ${a}/${b} to a percentage.`,
      ans,
      [a * b, 100 - ans, ans / 10, a * 10],
      `Multiply by 100%: ${a}/${b} × 100% = ${fmtAbs(ans)}%.`,
      { fmt: (v) => `${fmtAbs(v)}%`, integer: false, step: 5, min: 0.1 },
    );
  }
  const pct = pick(rng, [40, 45, 55, 60, 35, 65]);
  const n = 20 * int(rng, 15, 60);
  const girls = (n * pct) / 100;
  return numChoice(
    rng,
    `In a school of ${n} students, ${pct}% are girls. How many boys are there?`,
    n - girls,
    [girls, n - pct, (n * (100 - pct)) / 10, n - girls + 10],
    `Boys are 100% − ${pct}% = ${100 - pct}% of ${n}: ${100 - pct}/100 × ${n} = ${n - girls}.`,
    { min: 1 },
  );
};

const GOODS = [
  'bicycle',
  'ceiling fan',
  'mobile phone',
  'pressure cooker',
  'school bag',
  'wrist watch',
  'study table',
  'mixer grinder',
];
G['profit-loss-percent'] = (rng) => {
  const item = pick(rng, GOODS);
  const cp = 100 * int(rng, 2, 60);
  const pct = pick(rng, [5, 8, 10, 12, 15, 20, 25]);
  const profit = coin(rng);
  const sp = (cp * (100 + (profit ? pct : -pct))) / 100;
  if (coin(rng)) {
    const label = (pr: boolean, v: number) => `${pr ? 'Profit' : 'Loss'} ${fmtAbs(v)}%`;
    const onSp = Number(((Math.abs(sp - cp) / sp) * 100).toFixed(2));
    return choose(
      rng,
      `A shopkeeper buys a ${item} for ${rs(cp)} and sells it for ${rs(sp)}. Find the profit or loss per cent.`,
      label(profit, pct),
      [
        label(!profit, pct),
        label(profit, onSp),
        label(profit, pct + 5),
        label(!profit, pct + 5),
        label(profit, Math.abs(pct - 3)),
      ],
      `${profit ? 'SP > CP, so there is a profit' : 'SP < CP, so there is a loss'} of ${rs(Math.abs(sp - cp))}. Percentage = ${Math.abs(sp - cp)}/${cp} × 100 = ${pct}% (always on the cost price).`,
    );
  }
  return numChoice(
    rng,
    `A ${item} is bought for ${rs(cp)} and sold at a ${profit ? 'profit' : 'loss'} of ${pct}%. What is the selling price?`,
    sp,
    [profit ? cp - (cp * pct) / 100 : cp + (cp * pct) / 100, (cp * pct) / 100, cp + (profit ? pct : -pct)],
    `${profit ? 'Profit' : 'Loss'} = ${pct}% of ${rs(cp)} = ${rs((cp * pct) / 100)}. SP = ${rs(cp)} ${profit ? '+' : '−'} ${rs((cp * pct) / 100)} = ${rs(sp)}.`,
    { fmt: rs, step: 10 },
  );
};

G['simple-interest'] = (rng) => {
  const P = 500 * int(rng, 2, 60);
  const R = int(rng, 4, 12);
  const T = int(rng, 2, 5);
  const I = (P * R * T) / 100;
  const p = person(rng);
  const kind = int(rng, 0, 2);
  if (kind === 0)
    return numChoice(
      rng,
      `Find the simple interest on ${rs(P)} at ${R}% per annum for ${T} years.`,
      I,
      [P + I, (P * R) / 100, (P * R * T) / 10, (P * R * (T + 1)) / 100],
      `SI = P × R × T / 100 = ${inr(P)} × ${R} × ${T} / 100 = ${rs(I)}.`,
      { fmt: rs, step: 50 },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `${p.name} borrows ${rs(P)} at ${R}% per annum simple interest. How much must ${p.he} repay after ${T} years?`,
      P + I,
      [I, P + (P * R) / 100, P + (P * R * T) / 10, P - I],
      `SI = ${inr(P)} × ${R} × ${T} / 100 = ${rs(I)}. Amount = P + SI = ${rs(P)} + ${rs(I)} = ${rs(P + I)}.`,
      { fmt: rs, step: 50 },
    );
  return numChoice(
    rng,
    `At what rate per cent per annum will ${rs(P)} earn ${rs(I)} as simple interest in ${T} years?`,
    R,
    [R * T, R + T, (I * 100) / P, R + 1],
    `R = (SI × 100)/(P × T) = (${inr(I)} × 100)/(${inr(P)} × ${T}) = ${R}%.`,
    { fmt: (v) => `${fmtAbs(v)}%`, min: 1, integer: false },
  );
};

// =============================================================================================
// Grade 8

G['linear-equation-both-sides'] = (rng) => {
  const v = pick(rng, VARS);
  const x = int(rng, -8, 12);
  const fmt = (n: number) => `${v} = ${neg(n)}`;
  const kind = int(rng, 0, 2);
  if (kind === 2) {
    const [p, q] = sample(rng, [2, 3, 4, 5, 6], 2) as [number, number];
    const L = lcm(p, q);
    const X = L * int(rng, 1, 6);
    const r = X / p + X / q;
    return numChoice(
      rng,
      `Solve for ${v}: ${v}/${p} + ${v}/${q} = ${r}`,
      X,
      [r * L, (r * (p + q)) / 2, X / 2, r * p * q],
      `Multiply both sides by the LCM ${L}: ${L / p}${v} + ${L / q}${v} = ${r * L}, so ${L / p + L / q}${v} = ${r * L} and ${v} = ${X}.`,
      { fmt },
    );
  }
  let a = 0;
  let c = 0;
  do {
    a = int(rng, 2, 9);
    c = int(rng, 1, 8);
  } while (a === c);
  const k = kind === 1 ? int(rng, 2, 5) : 1;
  const b = nz(rng, -9, 9);
  // left side: k(a'x + b) with a = k·a' when kind 1, else a x + b
  const leftA = kind === 1 ? k : a;
  const inner = kind === 1 ? nz(rng, -9, 9) : b;
  const lhsA = kind === 1 ? k : a;
  const lhsB = kind === 1 ? k * inner : b;
  if (lhsA === c) return G['linear-equation-both-sides']!(rng);
  const d = lhsA * x + lhsB - c * x;
  const lhs =
    kind === 1
      ? `${k}(${terms([
          [1, v],
          [inner, ''],
        ])})`
      : terms([
          [leftA, v],
          [b, ''],
        ]);
  const rhs = terms([
    [c, v],
    [d, ''],
  ]);
  const sol = (d - lhsB) / (lhsA - c);
  return numChoice(
    rng,
    `Solve for ${v}: ${lhs} = ${rhs}`,
    sol,
    [(d + lhsB) / (lhsA - c), (d - lhsB) / (lhsA + c), -sol, (d - lhsB) / (c - lhsA) + 1, d - lhsB],
    `${
      kind === 1
        ? `Expand: ${terms([
            [lhsA, v],
            [lhsB, ''],
          ])} = ${rhs}. `
        : ''
    }Move the ${v}-terms to the left and the numbers to the right: ${terms([
      [lhsA, v],
      [-c, v],
    ])} = ${neg(d)} − ${par(lhsB)}, so ${terms([[lhsA - c, v]])} = ${neg(d - lhsB)} and ${v} = ${neg(sol)}.`,
    { fmt, min: -Infinity },
  );
};

G['linear-equation-word-problems'] = (rng) => {
  const kind = int(rng, 0, 3);
  if (kind === 0) {
    const n = int(rng, 5, 60);
    const S = 3 * n + 3;
    const small = coin(rng);
    const ans = small ? n : n + 2;
    return numChoice(
      rng,
      `The sum of three consecutive integers is ${S}. What is the ${small ? 'smallest' : 'largest'} of them?`,
      ans,
      [n + 1, small ? n + 2 : n, S / 3 + 3, ans + 3],
      `Let the integers be x, x + 1 and x + 2. 3x + 3 = ${S}, so x = ${n}. The integers are ${n}, ${n + 1} and ${n + 2}; the ${small ? 'smallest' : 'largest'} is ${ans}.`,
    );
  }
  if (kind === 1) {
    const d = int(rng, 4, 40);
    const small = int(rng, 5, 80);
    const s = 2 * small + d;
    return numChoice(
      rng,
      `Two numbers differ by ${d} and their sum is ${s}. What is the larger number?`,
      small + d,
      [small, s / 2, s - d, small + 2 * d],
      `Let the smaller number be x; the larger is x + ${d}. x + x + ${d} = ${s}, so 2x = ${s - d}, x = ${small}, and the larger number is ${small + d}.`,
    );
  }
  if (kind === 2) {
    const [p1, p2] = twoPeople(rng);
    let r1 = 0;
    let r2 = 0;
    do {
      r1 = int(rng, 2, 7);
      r2 = int(rng, 3, 9);
    } while (r1 >= r2 || gcd(r1, r2) !== 1);
    const x = int(rng, 2, 6);
    const k = int(rng, 2, 10);
    const S = (r1 + r2) * x + 2 * k;
    return numChoice(
      rng,
      `The present ages of ${p1.name} and ${p2.name} are in the ratio ${r1} : ${r2}. After ${k} years the sum of their ages will be ${S} years. What is ${p1.name}'s present age?`,
      r1 * x,
      [r2 * x, r1 * x + k, Math.round((S * r1) / (r1 + r2)), x],
      `Let the present ages be ${r1}x and ${r2}x. After ${k} years: (${r1}x + ${k}) + (${r2}x + ${k}) = ${S}, so ${r1 + r2}x = ${S - 2 * k} and x = ${x}. ${p1.name} is ${r1} × ${x} = ${r1 * x} years old.`,
      { fmt: (v) => `${v} years`, min: 1 },
    );
  }
  const c1 = pick(rng, [5, 10]);
  const c2 = pick(rng, [1, 2]);
  const k = int(rng, 2, 5);
  const n = int(rng, 3, 25);
  const T = n * c1 + k * n * c2;
  return numChoice(
    rng,
    `A piggy bank has only ₹${c1} and ₹${c2} coins. There are ${k} times as many ₹${c2} coins as ₹${c1} coins, and the total amount is ₹${T}. How many ₹${c1} coins are there?`,
    n,
    [k * n, T / (c1 + c2) === n ? n + k : Math.round(T / (c1 + c2)), n + 1, (n * (k + 1)) / 1],
    `Let there be x coins of ₹${c1}; then there are ${k}x coins of ₹${c2}. ${c1}x + ${c2} × ${k}x = ${T}, so ${c1 + c2 * k}x = ${T} and x = ${n}.`,
    { min: 1 },
  );
};

G['square-roots'] = (rng) => {
  if (coin(rng, 0.75)) {
    let k = int(rng, 11, 99);
    while (k % 10 === 0) k = int(rng, 11, 99);
    const N = k * k;
    const pf = primeFactors(N);
    const half = primeFactors(k);
    const rev = Number(String(k).split('').reverse().join(''));
    return numChoice(
      rng,
      `Find √${inr(N)}.`,
      k,
      [k + 1, k - 1, rev === k ? k + 10 : rev, k + 10, k - 10],
      `Prime factorisation: ${inr(N)} = ${pf.join(' × ')}. Pair equal factors and take one from each pair: √${inr(N)} = ${half.join(' × ')} = ${k}.`,
      { min: 1 },
    );
  }
  const a = int(rng, 2, 15);
  let b = int(rng, 2, 15);
  while (gcd(a, b) !== 1) b = int(rng, 2, 15);
  return fracChoice(
    rng,
    `Find √(${a * a}/${b * b}).`,
    fr(a, b),
    [fr(b, a), fr(a * a, b), fr(a, b * b), fr(a + 1, b)],
    `√(${a * a}/${b * b}) = √${a * a}/√${b * b} = ${a}/${b}.`,
  );
};

G['perfect-squares-select'] = (rng) => {
  const ks = sample(rng, range(11, 45), 3);
  const squares = sample(
    rng,
    ks.map((k) => k * k),
    int(rng, 2, 3),
  );
  const fakes = shuffle(rng, [
    ...ks.map((k) => k * k + 1),
    ...ks.map((k) => k * k - 1),
    ...ks.map((k) => k * k + 2 * k),
    int(rng, 10, 99) * 10 + pick(rng, [2, 3, 7, 8]),
    ks[0]! * ks[0]! * 10,
  ]).filter((x) => !isSquare(x));
  const wrong = [...new Set(fakes)].slice(0, int(rng, 1, 2));
  const all = shuffle(rng, [...squares, ...wrong]);
  return selectAll(
    rng,
    `Select all that apply: which of ${listText(all.map(inr), 'and')} are perfect squares?`,
    squares.map(inr),
    wrong.map(inr),
    `${squares.map((s) => `${inr(s)} = ${Math.sqrt(s)}²`).join(', ')}. ${wrong.map((w) => `${inr(w)} lies between ${Math.floor(Math.sqrt(w))}² = ${inr(Math.floor(Math.sqrt(w)) ** 2)} and ${Math.floor(Math.sqrt(w)) + 1}² = ${inr((Math.floor(Math.sqrt(w)) + 1) ** 2)}`).join('; ')}, so ${wrong.length > 1 ? 'they are not perfect squares' : 'it is not a perfect square'}.`,
  );
};

G['smallest-multiplier-square'] = (rng) => {
  let s = 0;
  let m = 0;
  do {
    s = int(rng, 2, 15);
    m = pick(rng, [2, 3, 5, 6, 7, 10, 11, 14, 15, 21]);
  } while (s * s * m > 5000 || s * s * m < 50);
  const N = s * s * m;
  const pf = primeFactors(N);
  const times = coin(rng);
  const others = [...new Set(pf)].filter((p) => p !== m);
  return numChoice(
    rng,
    `What is the smallest number by which ${inr(N)} must be ${times ? 'multiplied' : 'divided'} to get a perfect square?`,
    m,
    [...others, m * 2, m * 4, s, pf[0] === m ? m * 3 : (pf[0] ?? 2)],
    `${inr(N)} = ${pf.join(' × ')}. The prime factor${primeFactors(m).length > 1 ? 's' : ''} without a pair: ${primeFactors(m).join(' and ')}. ${times ? 'Multiplying' : 'Dividing'} by ${m} gives ${inr(times ? N * m : N / m)} = ${times ? s * m : s}², a perfect square.`,
    { min: 2 },
  );
};

G['discount'] = (rng) => {
  const item = pick(rng, GOODS);
  const M = 100 * int(rng, 3, 80);
  const r = pick(rng, [5, 10, 12, 15, 20, 25, 30, 40]);
  const disc = (M * r) / 100;
  if (coin(rng))
    return numChoice(
      rng,
      `The marked price of a ${item} is ${rs(M)}. The shop gives a discount of ${r}%. What is the sale price?`,
      M - disc,
      [disc, M + disc, M - r, M - disc / 2],
      `Discount = ${r}% of ${rs(M)} = ${rs(disc)}. Sale price = ${rs(M)} − ${rs(disc)} = ${rs(M - disc)}.`,
      { fmt: rs, step: 10 },
    );
  const S = M - disc;
  const onSp = Number(((disc / S) * 100).toFixed(2));
  return numChoice(
    rng,
    `A ${item} marked at ${rs(M)} is sold for ${rs(S)}. What is the discount per cent?`,
    r,
    [onSp, r + 5, r - 5 > 0 ? r - 5 : r + 10, 100 - r],
    `Discount = ${rs(M)} − ${rs(S)} = ${rs(disc)}. Discount % = ${disc}/${M} × 100 = ${r}% (always on the marked price).`,
    { fmt: (v) => `${fmtAbs(v)}%`, integer: false, min: 1 },
  );
};

G['gst-tax'] = (rng) => {
  const item = pick(rng, GOODS);
  const r = pick(rng, [5, 12, 18, 28]);
  const P = 100 * int(rng, 2, 90);
  const tax = (P * r) / 100;
  const B = P + tax;
  if (coin(rng))
    return numChoice(
      rng,
      `A ${item} costs ${rs(P)} before GST. If GST is charged at ${r}%, what is the bill amount?`,
      B,
      [tax, P - tax, P + r, P + tax / 2],
      `GST = ${r}% of ${rs(P)} = ${rs(tax)}. Bill amount = ${rs(P)} + ${rs(tax)} = ${rs(B)}.`,
      { fmt: rs, step: 10, integer: false },
    );
  const p = person(rng);
  return numChoice(
    rng,
    `${p.name} paid ${rs(B)} for a ${item}, including GST at ${r}%. What was the price before GST?`,
    P,
    [B - (B * r) / 100, B - r, (B * 100) / (100 - r), B],
    `Price + ${r}% GST = ${100 + r}% of the price = ${rs(B)}. Price = ${rs(B)} × 100/${100 + r} = ${rs(P)}.`,
    { fmt: rs, step: 10, integer: false },
  );
};

G['compound-interest'] = (rng) => {
  let P = 0;
  let R = 0;
  let n = 0;
  let A = 0;
  do {
    P = 1000 * int(rng, 1, 50);
    R = pick(rng, [5, 8, 10, 12, 15, 20]);
    n = pick(rng, [2, 2, 3]);
    A = P * ((100 + R) / 100) ** n;
  } while (Math.abs(A - Math.round(A)) > 1e-6);
  A = Math.round(A);
  const SI = (P * R * n) / 100;
  const amount = coin(rng);
  const text = `${rs(P)} is invested at ${R}% per annum, compounded annually, for ${n} years. Find the ${amount ? 'amount' : 'compound interest'}.`;
  const sol = `A = P(1 + R/100)ⁿ = ${inr(P)} × (${100 + R}/100)${sup(n)} = ${rs(A)}.${amount ? '' : ` CI = A − P = ${rs(A)} − ${rs(P)} = ${rs(A - P)}.`}`;
  return amount
    ? numChoice(rng, text, A, [P + SI, A - P, Math.round(P * ((100 + R) / 100) ** (n + 1)), A + 100], sol, {
        fmt: rs,
        step: 100,
      })
    : numChoice(rng, text, A - P, [SI, A, Math.round(P * ((100 + R) / 100) ** (n - 1)) - P, A - P + 100], sol, {
        fmt: rs,
        step: 100,
      });
};

/** Compact key for a polynomial given as coefficient list (used to spot equal distractors). */
const polyKey = (c: number[]): string => poly(c);
const polyMul = (a: number[], b: number[]): number[] => {
  const out = Array(a.length + b.length - 1).fill(0) as number[];
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = (out[i + j] ?? 0) + x * y)));
  return out;
};
G['identities-expand'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const a = int(rng, 1, 5);
    const b = nz(rng, -9, 9);
    const expr = `(${terms([
      [a, 'x'],
      [b, ''],
    ])})²`;
    return choose(
      rng,
      `Expand ${expr} using a suitable identity.`,
      polyKey([b * b, 2 * a * b, a * a]),
      [
        polyKey([b * b, 0, a * a]),
        polyKey([b * b, a * b, a * a]),
        polyKey([b * b, 2 * a * b, a]),
        polyKey([b * b, -2 * a * b, a * a]),
        polyKey([-b * b, 2 * a * b, a * a]),
      ],
      `Use (p ${b > 0 ? '+' : '−'} q)² = p² ${b > 0 ? '+' : '−'} 2pq + q² with p = ${a === 1 ? 'x' : `${a}x`} and q = ${Math.abs(b)}: ${polyKey([b * b, 2 * a * b, a * a])}.`,
    );
  }
  if (kind === 1) {
    let p = 0;
    let q = 0;
    do {
      p = nz(rng, -9, 9);
      q = nz(rng, -9, 9);
    } while (p === q || p + q === 0);
    const expr = `(${terms([
      [1, 'x'],
      [p, ''],
    ])})(${terms([
      [1, 'x'],
      [q, ''],
    ])})`;
    return choose(
      rng,
      `Expand ${expr} using a suitable identity.`,
      polyKey([p * q, p + q, 1]),
      [
        polyKey([p + q, p * q, 1]),
        polyKey([-p * q, p + q, 1]),
        polyKey([p * q, p - q, 1]),
        polyKey([p * q, -(p + q), 1]),
      ],
      `Use (x + a)(x + b) = x² + (a + b)x + ab with a = ${neg(p)} and b = ${neg(q)}: x² + (${neg(p + q)})x + (${neg(p * q)}) = ${polyKey([p * q, p + q, 1])}.`,
    );
  }
  const a = int(rng, 1, 6);
  const b = int(rng, 1, 9);
  const expr = `(${terms([
    [a, 'x'],
    [b, ''],
  ])})(${terms([
    [a, 'x'],
    [-b, ''],
  ])})`;
  return choose(
    rng,
    `Expand ${expr} using a suitable identity.`,
    polyKey([-b * b, 0, a * a]),
    [
      polyKey([b * b, 0, a * a]),
      polyKey([-b * b, -2 * a * b, a * a]),
      polyKey([-b * b, 0, a]),
      polyKey([-b, 0, a * a]),
      polyKey([b * b, -2 * a * b, a * a]),
      polyKey([-b * b, 2 * a * b, a * a]),
    ],
    `Use (p + q)(p − q) = p² − q² with p = ${a === 1 ? 'x' : `${a}x`} and q = ${b}: ${polyKey([-b * b, 0, a * a])}.`,
  );
};

G['identity-arithmetic'] = (rng) => {
  const kind = int(rng, 0, 2);
  const base = pick(rng, [50, 100, 100, 1000]);
  const k = nz(rng, -9, 9);
  if (kind === 0) {
    const n = base + k;
    return numChoice(
      rng,
      `Using an identity, find ${n}².`,
      n * n,
      [base * base + k * k, base * base + base * k + k * k, base * base + 2 * base * k - k * k, n * n + 10],
      `${n}² = (${base} ${k > 0 ? '+' : '−'} ${Math.abs(k)})² = ${inr(base * base)} ${k > 0 ? '+' : '−'} ${inr(Math.abs(2 * base * k))} + ${k * k} = ${inr(n * n)}.`,
      { fmt: inr },
    );
  }
  if (kind === 1) {
    const kk = Math.abs(k);
    return numChoice(
      rng,
      `Using an identity, find ${base + kk} × ${base - kk}.`,
      base * base - kk * kk,
      [base * base + kk * kk, base * base - kk, base * base - 2 * kk, base * base - 2 * kk * kk],
      `${base + kk} × ${base - kk} = (${base} + ${kk})(${base} − ${kk}) = ${base}² − ${kk}² = ${inr(base * base)} − ${kk * kk} = ${inr(base * base - kk * kk)}.`,
      { fmt: inr },
    );
  }
  const s = 10 * int(rng, 5, 20);
  const d = int(rng, 2, 20) * 2;
  const a = (s + d) / 2;
  const b = (s - d) / 2;
  return numChoice(
    rng,
    `Using an identity, find ${a}² − ${b}².`,
    s * d,
    [d * d, s * s, s * d + d, (a - b) * (a - b) + 2 * a * b],
    `${a}² − ${b}² = (${a} + ${b})(${a} − ${b}) = ${s} × ${d} = ${inr(s * d)}.`,
    { fmt: inr },
  );
};

G['direct-proportion'] = (rng) => {
  const kind = int(rng, 0, 3);
  const x1 = int(rng, 2, 12);
  let x2 = int(rng, 2, 20);
  while (x2 === x1) x2 = int(rng, 2, 20);
  const unit = int(rng, 2, 60) * (kind === 2 ? 5 : 1);
  const y1 = unit * x1;
  const ans = unit * x2;
  const texts: [string, (v: number) => string][] = [
    [`If ${x1} kg of rice costs ₹${y1}, how much do ${x2} kg cost?`, rs],
    [
      `A car uses ${x1} litres of petrol to travel ${y1} km. How far can it travel on ${x2} litres?`,
      (v) => `${inr(v)} km`,
    ],
    [`On a map, ${x1} cm represents ${inr(y1)} km. What distance does ${x2} cm represent?`, (v) => `${inr(v)} km`],
    [`${x1} notebooks cost ₹${y1}. What is the cost of ${x2} notebooks?`, rs],
  ];
  const [text, fmt] = texts[kind] as [string, (v: number) => string];
  return numChoice(
    rng,
    text,
    ans,
    [(y1 * x1) / x2, y1 + (x2 - x1), y1 * x2, ans + unit],
    `The quantities are in direct proportion, so their ratio stays the same: ${inr(y1)}/${x1} = y/${x2}. y = ${inr(y1)} × ${x2}/${x1} = ${inr(ans)}.`,
    { fmt, min: 1 },
  );
};

G['inverse-proportion'] = (rng) => {
  const kind = int(rng, 0, 3);
  let a = 0;
  let b = 0;
  let c = 0;
  do {
    a = int(rng, 2, 30);
    b = int(rng, 2, 30);
    c = int(rng, 2, 40);
  } while (c === a || c === b || (a * b) % c !== 0);
  const ans = (a * b) / c;
  const texts: [string, string, number, number, number][] = [
    [
      `${a} workers can build a wall in ${b} days. How many days will ${c} workers take to build the same wall?`,
      'days',
      a,
      b,
      c,
    ],
    [
      `A car takes ${a} hours to cover a distance at ${b * 10} km/h. How long will it take at ${c * 10} km/h?`,
      'hours',
      a,
      b * 10,
      c * 10,
    ],
    [
      `The food in a hostel lasts ${a} days for ${b * 5} students. How long will it last for ${c * 5} students?`,
      'days',
      a,
      b * 5,
      c * 5,
    ],
    [`${a} taps fill a tank in ${b} minutes. How long will ${c} such taps take?`, 'minutes', b, a, c],
  ];
  const [text, unit, p1, p2, p3] = texts[kind] as [string, string, number, number, number];
  return numChoice(
    rng,
    text,
    ans,
    [(b * c) / a, b + (a - c), b * c, ans + 1],
    `This is inverse proportion: when one quantity increases the other decreases, and their product stays the same. ${p1} × ${p2} = y × ${p3}, so y = ${p1 * p2}/${p3} = ${ans} ${unit}.`,
    { fmt: (v) => `${v} ${unit}`, min: 1 },
  );
};

// =============================================================================================
// Grade 9

const IRRATIONALS = [
  '√2',
  '√3',
  '√5',
  '√7',
  '√10',
  '√11',
  '2√3',
  '3√2',
  '1 + √2',
  '√5 − 1',
  'π',
  '0.1010010001…',
  '√8',
  '√15',
];
const RATIONALS = [
  '√16',
  '√49',
  '√81',
  '√(9/4)',
  '√(16/25)',
  '22/7',
  '0.75',
  '−3',
  '0.3333…',
  '1.272727…',
  '3.14',
  '0',
  '−2/3',
  '√100',
];
G['rational-irrational'] = (rng) => {
  const askIrr = coin(rng);
  const right = sample(rng, askIrr ? IRRATIONALS : RATIONALS, int(rng, 2, 3));
  const wrong = sample(rng, askIrr ? RATIONALS : IRRATIONALS, int(rng, 1, 2));
  const all = shuffle(rng, [...right, ...wrong]);
  return selectAll(
    rng,
    `Select all that apply: which of the numbers ${listText(all, 'and')} are ${askIrr ? 'irrational' : 'rational'}?`,
    right,
    wrong,
    `A rational number can be written as p/q (q ≠ 0); its decimal either ends or repeats. √n is rational only when n is a perfect square (or a fraction of perfect squares), π is irrational, and 0.1010010001… never repeats, so it is irrational. Rational here: ${all.filter((x) => RATIONALS.includes(x)).join(', ') || 'none'}. Irrational: ${all.filter((x) => IRRATIONALS.includes(x)).join(', ') || 'none'}.`,
  );
};

G['exponent-laws-real'] = (rng) => {
  if (coin(rng, 0.65)) {
    const q = pick(rng, [2, 2, 3, 3, 4, 5]);
    const r = int(rng, 2, q === 2 ? 12 : q === 3 ? 6 : q === 4 ? 5 : 4);
    let p = pick(rng, [1, 2, 3, -1, -2, -3]);
    while (gcd(Math.abs(p), q) !== 1) p = pick(rng, [1, 2, 3, -1, -2, -3]);
    const B = r ** q;
    const ans = fpow(fr(r), p);
    const ap = Math.abs(p);
    return fracChoice(
      rng,
      `Evaluate ${B}^(${neg(p)}/${q}).`,
      ans,
      p > 0
        ? [fr(B * p, q), fr(1, r ** p), fr(r * p), fr(r ** (p + 1))]
        : [fr(r ** ap), fr(-(r ** ap)), fr(-B * ap, q), fr(1, r * ap)],
      `${B} = ${r}${sup(q)}, so ${B}^(${neg(p)}/${q}) = (${r}${sup(q)})^(${neg(p)}/${q}) = ${r}^(${neg(p)}) = ${ffmt(ans)}.`,
      false,
    );
  }
  const a = int(rng, 2, 7);
  let f1: Fr;
  let f2: Fr;
  do {
    f1 = properFraction(rng, 6);
    f2 = properFraction(rng, 6);
  } while (f1.d === f2.d);
  const mult = coin(rng);
  const ans = mult ? fadd(f1, f2) : fsub(f1, f2);
  const pw = (base: number, f: Fr) =>
    f.d === 1 ? (f.n === 1 ? String(base) : `${base}^${neg(f.n)}`) : `${base}^(${ffmt(f)})`;
  const valueKey = (s: string) => {
    const m = /^(\d+)(?:\^\(?(−?\d+)(?:\/(\d+))?\)?)?$/.exec(s);
    if (!m) return s;
    const e = Number((m[2] ?? '1').replace('−', '-')) / Number(m[3] ?? '1');
    return (Number(m[1]) ** e).toFixed(9);
  };
  return choose(
    rng,
    `Simplify ${pw(a, f1)} ${mult ? '×' : '÷'} ${pw(a, f2)}.`,
    pw(a, ans),
    [pw(a, fmul(f1, f2)), pw(a, mult ? fsub(f1, f2) : fadd(f1, f2)), pw(a * a, ans), pw(a, fdiv(f1, f2))],
    `Same base, so ${mult ? 'add' : 'subtract'} the exponents: ${ffmt(f1)} ${mult ? '+' : '−'} ${ffmt(f2)} = ${ffmt(ans)}. The answer is ${pw(a, ans)}.`,
    valueKey,
  );
};

const BAR = '\u0305';
const barred = (digits: string): string =>
  digits
    .split('')
    .map((d) => d + BAR)
    .join('');
G['recurring-decimal-fraction'] = (rng) => {
  const kind = int(rng, 0, 3);
  let shown = '';
  let expanded = '';
  let ans: Fr;
  let wrong: Fr[];
  let why = '';
  if (kind === 0) {
    const d = int(rng, 1, 8);
    shown = `0.${barred(String(d))}`;
    expanded = `0.${String(d).repeat(5)}…`;
    ans = fr(d, 9);
    wrong = [fr(d, 10), fr(d, 99), fr(d, 90)];
    why = `Let x = ${expanded}. Then 10x = ${d}.${String(d).repeat(4)}…, and 10x − x = ${d}. So 9x = ${d} and x = ${d}/9 = ${ffmt(ans)}.`;
  } else if (kind === 1) {
    let b = int(rng, 1, 98);
    while (b % 11 === 0) b = int(rng, 1, 98);
    const bs = String(b).padStart(2, '0');
    shown = `0.${barred(bs)}`;
    expanded = `0.${bs.repeat(3)}…`;
    ans = fr(b, 99);
    wrong = [fr(b, 100), fr(b, 90), fr(b, 999), fr(b, 9)];
    why = `Let x = ${expanded}. Two digits repeat, so multiply by 100: 100x = ${b}.${bs.repeat(2)}…. Then 100x − x = ${b}, so 99x = ${b} and x = ${b}/99 = ${ffmt(ans)}.`;
  } else if (kind === 2) {
    const n = int(rng, 1, 9);
    let r = int(rng, 1, 8);
    while (r === n) r = int(rng, 1, 8);
    shown = `0.${n}${barred(String(r))}`;
    expanded = `0.${n}${String(r).repeat(4)}…`;
    ans = fr(10 * n + r - n, 90);
    wrong = [fr(10 * n + r, 90), fr(10 * n + r, 99), fr(10 * n + r - n, 99), fr(10 * n + r, 100)];
    why = `Let x = ${expanded}. 10x = ${n}.${String(r).repeat(4)}… and 100x = ${n}${r}.${String(r).repeat(3)}…. So 100x − 10x = ${10 * n + r} − ${n} = ${10 * n + r - n}, i.e. 90x = ${10 * n + r - n}, and x = ${ffmt(ans)}.`;
  } else {
    const w = int(rng, 1, 4);
    const d = int(rng, 1, 8);
    shown = `${w}.${barred(String(d))}`;
    expanded = `${w}.${String(d).repeat(4)}…`;
    ans = fr(9 * w + d, 9);
    wrong = [fr(10 * w + d, 10), fr(10 * w + d, 9), fr(w * d, 9), fr(9 * w + d, 99)];
    why = `Let x = ${expanded}. Then 10x = ${10 * w + d}.${String(d).repeat(3)}…, and 10x − x = ${10 * w + d} − ${w} = ${9 * w + d}. So 9x = ${9 * w + d} and x = ${ffmt(ans)}.`;
  }
  return fracChoice(rng, `Express ${shown} (that is, ${expanded}) in the form p/q, in lowest terms.`, ans, wrong, why);
};

const evalPoly = (c: number[], x: number): number => c.reduce((s, k, i) => s + k * x ** i, 0);
/** "2 × (−2)³ − 3 × (−2)² + 5": a polynomial with x replaced by a value, for worked solutions. */
function subst(c: number[], v: number): string {
  const parts = c
    .map((k, i) => [k, i] as const)
    .filter(([k]) => k !== 0)
    .reverse()
    .map(([k, i], j) => {
      const body =
        i === 0
          ? String(Math.abs(k))
          : `${Math.abs(k) === 1 ? '' : `${Math.abs(k)} × `}${par(v)}${i > 1 ? sup(i) : ''}`;
      return j === 0 ? (k < 0 ? MINUS : '') + body : (k < 0 ? ' − ' : ' + ') + body;
    });
  return parts.join('') || '0';
}
function randomPoly(rng: Rng, deg: number, lead = int(rng, 1, 3)): number[] {
  const c = range(0, deg - 1).map(() => int(rng, -6, 6));
  return [...c, coin(rng, 0.8) ? lead : -lead];
}
G['evaluate-polynomial'] = (rng) => {
  if (coin(rng, 0.65)) {
    const c = randomPoly(rng, int(rng, 2, 3));
    const v = nz(rng, -3, 3);
    const ans = evalPoly(c, v);
    const signSlip = c.reduce((s, k, i) => s + k * Math.sign(v) * Math.abs(v) ** i * (i === 0 ? Math.sign(v) : 1), 0);
    return numChoice(
      rng,
      `If p(x) = ${poly(c)}, find p(${neg(v)}).`,
      ans,
      [evalPoly(c, -v), signSlip, c.reduce((s, k, i) => s + k * v * i, 0) + (c[0] ?? 0), ans - 2 * (c[0] ?? 0)],
      `Put x = ${neg(v)}: p(${neg(v)}) = ${subst(c, v)} = ${neg(ans)}.`,
      { min: -Infinity },
    );
  }
  const r = nz(rng, -3, 3);
  const q = [int(rng, -5, 5), int(rng, -4, 4), 1];
  const c = polyMul([-r, 1], q);
  const zero = coin(rng);
  let v = zero ? r : pick(rng, [-r, r + 1, r - 1]);
  if (!zero && evalPoly(c, v) === 0) v = r + 5;
  const val = evalPoly(c, v);
  return trueFalse(
    `True or false: x = ${neg(v)} is a zero of p(x) = ${poly(c)}.`,
    val === 0,
    `p(${neg(v)}) = ${neg(val)}. A zero of p(x) is a value of x that makes p(x) = 0, so the statement is ${val === 0 ? 'true' : 'false'}.`,
  );
};

G['factor-theorem'] = (rng) => {
  const a = nz(rng, -3, 3);
  const div = terms([
    [1, 'x'],
    [-a, ''],
  ]);
  if (coin(rng, 0.55)) {
    // p(x) = (rest of the polynomial) + k; x − a is a factor when p(a) = 0.
    const rest = [0, ...range(1, int(rng, 2, 3)).map(() => int(rng, -5, 5))];
    if (rest[rest.length - 1] === 0) rest[rest.length - 1] = 1;
    const k = -evalPoly(rest, a);
    const shown = `${poly(rest)} + k`.replace('+ −', '− ');
    return numChoice(
      rng,
      `Find the value of k for which ${div} is a factor of p(x) = ${shown}.`,
      k,
      [evalPoly(rest, a), -evalPoly(rest, -a), k + 1, evalPoly(rest, -a)],
      `By the factor theorem, ${div} is a factor when p(${neg(a)}) = 0. p(${neg(a)}) = ${subst(rest, a)} + k = ${neg(evalPoly(rest, a))} + k = 0, so k = ${neg(k)}.`,
      { min: -Infinity },
    );
  }
  const q = [int(rng, -4, 4), int(rng, -3, 3), int(rng, 1, 2)];
  const factor = coin(rng);
  let c = polyMul([-a, 1], q);
  if (!factor) c = c.map((k, i) => (i === 0 ? k + pick(rng, [-2, -1, 1, 2, 3]) : k));
  const val = evalPoly(c, a);
  return trueFalse(
    `True or false: ${div} is a factor of p(x) = ${poly(c)}.`,
    val === 0,
    `By the factor theorem, ${div} is a factor of p(x) exactly when p(${neg(a)}) = 0. Here p(${neg(a)}) = ${subst(c, a)} = ${neg(val)}, so the statement is ${val === 0 ? 'true' : 'false'}.`,
  );
};

G['factorise-quadratic'] = (rng) => {
  const a = coin(rng, 0.35) ? pick(rng, [2, 3]) : 1;
  let m = 0;
  let n = 0;
  do {
    m = nz(rng, -9, 9);
    n = nz(rng, -9, 9);
  } while (m === n || (a > 1 && gcd(a, m) !== 1) || (a === 1 && m > n));
  const target = polyMul([m, a], [n, 1]);
  const f = (p: number, q: number, r: number, s: number) =>
    `(${terms([
      [p, 'x'],
      [q, ''],
    ])})(${terms([
      [r, 'x'],
      [s, ''],
    ])})`;
  const key = (s: string) => {
    const mm = /^\((\d*)x ([+−]) (\d+)\)\((\d*)x ([+−]) (\d+)\)$/.exec(s);
    if (!mm) return s;
    const sg = (x: string | undefined) => (x === '−' ? -1 : 1);
    return polyKey(
      polyMul([sg(mm[2]) * Number(mm[3]), Number(mm[1] || 1)], [sg(mm[5]) * Number(mm[6]), Number(mm[4] || 1)]),
    );
  };
  const pairs = range(1, Math.abs(m * n))
    .filter((d) => (m * n) % d === 0)
    .flatMap((d) => [d, -d])
    .map((d) => [d, (m * n) / d] as [number, number]);
  const wrong = [
    f(a, -m, 1, -n),
    f(a, m, 1, -n),
    f(a, -m, 1, n),
    ...(a > 1 ? [f(a, n, 1, m)] : shuffle(rng, pairs).map(([p, q]) => f(1, p, 1, q))),
    ...[1, -1, 2, -2].filter((k) => n + k !== 0).map((k) => f(a, m, 1, n + k)),
  ];
  return choose(
    rng,
    `Factorise ${poly(target)}.`,
    f(a, m, 1, n),
    wrong,
    a === 1
      ? `Find two numbers whose product is ${neg(m * n)} and whose sum is ${neg(m + n)}: they are ${neg(m)} and ${neg(n)}. So ${poly(target)} = ${f(1, m, 1, n)}.`
      : `Split the middle term: ${a} × ${par(m * n)} = ${neg(a * m * n)}; the numbers ${neg(a * n)} and ${neg(m)} have product ${neg(a * m * n)} and sum ${neg(a * n + m)}. ${poly(target)} = ${terms(
          [
            [a, 'x²'],
            [a * n, 'x'],
            [m, 'x'],
            [m * n, ''],
          ],
        )} = ${f(a, m, 1, n)}.`,
    key,
  );
};

const point = (x: number, y: number): string => `(${neg(x)}, ${neg(y)})`;
G['check-solution-two-var'] = (rng) => {
  const a = nz(rng, -6, 6);
  const b = nz(rng, -6, 6);
  const x0 = int(rng, -5, 6);
  const y0 = int(rng, -5, 6);
  const c = a * x0 + b * y0;
  const eq = lin2(a, b, c);
  const sat = (x: number, y: number) => a * x + b * y === c;
  if (coin(rng, 0.6)) {
    const cands: [number, number][] = [
      [y0, x0],
      [x0, y0 + 1],
      [-x0, y0],
      [x0 + 1, y0],
      [x0, -y0],
      [x0 - 1, y0 + 1],
    ];
    return choose(
      rng,
      `Which of these is a solution of the equation ${eq}?`,
      point(x0, y0),
      cands.filter(([x, y]) => !sat(x, y)).map(([x, y]) => point(x, y)),
      `Substitute each pair. For ${point(x0, y0)}: ${par(a)} × ${par(x0)} + ${par(b)} × ${par(y0)} = ${neg(c)}, which matches the right-hand side; the other pairs do not.`,
    );
  }
  const [x, y] = coin(rng)
    ? [x0, y0]
    : pick(rng, [
        [y0, x0],
        [x0 + 1, y0],
        [x0, y0 - 1],
      ] as [number, number][]);
  const lhs = a * x + b * y;
  return trueFalse(
    `True or false: ${point(x, y)} is a solution of ${eq}.`,
    lhs === c,
    `Substitute x = ${neg(x)}, y = ${neg(y)}: ${par(a)} × ${par(x)} + ${par(b)} × ${par(y)} = ${neg(lhs)}, which ${lhs === c ? 'equals' : 'does not equal'} ${neg(c)}.`,
  );
};

G['find-missing-coordinate'] = (rng) => {
  const a = nz(rng, -5, 6);
  const b = nz(rng, -5, 6);
  const x0 = int(rng, -5, 6);
  const y0 = int(rng, -5, 6);
  const c = a * x0 + b * y0;
  const kind = int(rng, 0, 2);
  if (kind === 2) {
    return numChoice(
      rng,
      `If x = ${neg(x0)} and y = ${neg(y0)} is a solution of the equation ${terms([
        [a, 'x'],
        [b, 'y'],
      ])} = k, find the value of k.`,
      c,
      [a * x0 - b * y0, a * y0 + b * x0, -c, c + a],
      `Substitute: k = ${par(a)} × ${par(x0)} + ${par(b)} × ${par(y0)} = ${neg(c)}.`,
      { min: -Infinity },
    );
  }
  const unknownX = kind === 0;
  const [known, ans, coefKnown, coefAns] = unknownX ? [y0, x0, b, a] : [x0, y0, a, b];
  return numChoice(
    rng,
    `If the point ${unknownX ? `(k, ${neg(y0)})` : `(${neg(x0)}, k)`} lies on the line ${lin2(a, b, c)}, find the value of k.`,
    ans,
    [(c + coefKnown * known) / coefAns, -ans, (c - coefKnown * known) / -coefAns + 1, c - coefKnown * known],
    `Substitute ${unknownX ? `x = k, y = ${neg(y0)}` : `x = ${neg(x0)}, y = k`}: ${terms([
      [coefAns, 'k'],
      [coefKnown * known, ''],
    ])} = ${neg(c)}, so ${terms([[coefAns, 'k']])} = ${neg(c - coefKnown * known)} and k = ${neg(ans)}.`,
    { min: -Infinity },
  );
};

function heron(a: number, b: number, c: number): number {
  const s = (a + b + c) / 2;
  return Math.sqrt(s * (s - a) * (s - b) * (s - c));
}
const HERONIAN = (
  [
    [3, 4, 5],
    [5, 5, 6],
    [5, 5, 8],
    [5, 12, 13],
    [10, 13, 13],
    [13, 14, 15],
    [9, 10, 17],
    [8, 15, 17],
    [7, 15, 20],
    [11, 13, 20],
    [13, 20, 21],
    [10, 17, 21],
    [17, 25, 28],
    [20, 21, 29],
    [13, 13, 24],
    [7, 24, 25],
    [12, 17, 25],
    [15, 34, 35],
  ] as [number, number, number][]
).filter(([a, b, c]) => Number.isInteger(heron(a, b, c)));
G['heron-triangle-area'] = (rng) => {
  const [p, q, r] = pick(rng, HERONIAN);
  const k = r * 2 <= 50 ? pick(rng, [1, 2]) : 1;
  const [a, b, c] = shuffle(rng, [p * k, q * k, r * k]) as [number, number, number];
  const s = (a + b + c) / 2;
  const A = heron(a, b, c);
  return numChoice(
    rng,
    `Find the area of a triangle whose sides are ${a} cm, ${b} cm and ${c} cm.`,
    A,
    [(a * b) / 2, (b * c) / 2, 2 * A, A + s, s * (s - a)],
    `s = (${a} + ${b} + ${c})/2 = ${s}. Area = √(s(s − a)(s − b)(s − c)) = √(${s} × ${s - a} × ${s - b} × ${s - c}) = √${s * (s - a) * (s - b) * (s - c)} = ${A} cm².`,
    { fmt: (v) => `${inr(v)} cm²`, min: 1 },
  );
};

const PY_FOR_ISO: [number, number, number][] = [
  [3, 4, 5],
  [4, 3, 5],
  [5, 12, 13],
  [12, 5, 13],
  [6, 8, 10],
  [8, 6, 10],
  [8, 15, 17],
  [15, 8, 17],
  [7, 24, 25],
  [24, 7, 25],
  [9, 12, 15],
  [12, 9, 15],
];
G['heron-special-triangles'] = (rng) => {
  const kind = int(rng, 0, 2);
  const area = (v: number) => `${inr(v)} cm²`;
  if (kind === 0) {
    const primitive = HERONIAN.filter(([a, b, c]) => gcd(gcd(a, b), c) === 1 && a + b + c <= 60);
    const [p, q, r] = pick(rng, primitive);
    const k = int(rng, 2, 6);
    const P = (p + q + r) * k;
    const A0 = heron(p, q, r);
    const A = A0 * k * k;
    return numChoice(
      rng,
      `The sides of a triangle are in the ratio ${p} : ${q} : ${r} and its perimeter is ${P} cm. Find its area.`,
      A,
      [A0 * k, A0, 2 * A, A / 2, heron(p, q, r) * (k + 1) ** 2],
      `Sides are ${p}x, ${q}x and ${r}x with ${p + q + r}x = ${P}, so x = ${k} and the sides are ${p * k}, ${q * k} and ${r * k} cm. s = ${P / 2}. Area = √(${P / 2} × ${P / 2 - p * k} × ${P / 2 - q * k} × ${P / 2 - r * k}) = ${inr(A)} cm².`,
      { fmt: area, min: 1 },
    );
  }
  if (kind === 1) {
    const [m, h, a] = pick(rng, PY_FOR_ISO);
    const base = 2 * m;
    const A = m * h;
    const s = a + m;
    return numChoice(
      rng,
      `An isosceles triangle has two equal sides of ${a} cm each and a base of ${base} cm. Find its area.`,
      A,
      [(a * base) / 2, 2 * A, (a * a) / 2, base * h],
      `s = (${a} + ${a} + ${base})/2 = ${s}. Area = √(${s} × ${s - a} × ${s - a} × ${s - base}) = ${A} cm². (Check: the height is √(${a}² − ${m}²) = ${h}, and ½ × ${base} × ${h} = ${A}.)`,
      { fmt: area, min: 1 },
    );
  }
  const k = int(rng, 2, 10);
  const a = 2 * k;
  const root3 = (v: number) => `${v}√3 cm²`;
  return choose(
    rng,
    `Find the area of an equilateral triangle of side ${a} cm.`,
    root3(k * k),
    [root3(2 * k * k), `${k * k * 3} cm²`, `${k * k} cm²`, root3(a), `${k * k}√2 cm²`],
    `For an equilateral triangle, s = ${3 * k} and Heron's formula gives Area = (√3/4) × side² = (√3/4) × ${a * a} = ${k * k}√3 cm².`,
  );
};

const CONES: [number, number, number][] = [
  [7, 24, 25],
  [14, 48, 50],
  [21, 20, 29],
  [21, 28, 35],
  [28, 21, 35],
  [28, 45, 53],
  [35, 12, 37],
  [42, 40, 58],
];
G['cone-measures'] = (rng) => {
  const [r, h, l] = pick(rng, CONES);
  const kind = int(rng, 0, 3);
  const pi = 22 / 7;
  const base = `A right circular cone has base radius ${r} cm and height ${h} cm.`;
  if (kind === 0)
    return numChoice(
      rng,
      `${base} Find its slant height.`,
      l,
      [r + h, h - r, l + 1, l - 1],
      `Slant height l = √(r² + h²) = √(${r * r} + ${h * h}) = √${l * l} = ${l} cm.`,
      { fmt: (v) => `${v} cm`, min: 1 },
    );
  const sq = (v: number) => `${inr(Math.round(v))} cm²`;
  if (kind === 1)
    return numChoice(
      rng,
      `${base} Find its curved surface area. (Use π = 22/7.)`,
      pi * r * l,
      [pi * r * h, pi * r * r, pi * r * (l + r), 2 * pi * r * l],
      `First l = √(${r}² + ${h}²) = ${l} cm. Curved surface area = πrl = 22/7 × ${r} × ${l} = ${inr(Math.round(pi * r * l))} cm².`,
      { fmt: sq, min: 1, integer: true },
    );
  if (kind === 2)
    return numChoice(
      rng,
      `${base} Find its total surface area. (Use π = 22/7.)`,
      pi * r * (l + r),
      [pi * r * l, pi * r * (h + r), pi * r * (l + 2 * r), pi * r * (l + r) + pi * r * r],
      `l = √(${r}² + ${h}²) = ${l} cm. Total surface area = πr(l + r) = 22/7 × ${r} × ${l + r} = ${inr(Math.round(pi * r * (l + r)))} cm².`,
      { fmt: sq, min: 1, integer: true },
    );
  const V = (pi * r * r * h) / 3;
  return numChoice(
    rng,
    `${base} Find its volume. (Use π = 22/7.)`,
    V,
    [pi * r * r * h, (pi * r * r * l) / 3, (pi * r * h) / 3, 2 * V],
    `Volume = ⅓πr²h = ⅓ × 22/7 × ${r} × ${r} × ${h} = ${inr(Math.round(V))} cm³.`,
    { fmt: (v) => `${inr(Math.round(v))} cm³`, min: 1, integer: true },
  );
};

interface RoundSolid {
  shape: 'sphere' | 'hemisphere';
  measure: string;
  factor: Fr;
  power: 2 | 3;
  formula: string;
}
const ROUND_SOLIDS: RoundSolid[] = [
  { shape: 'sphere', measure: 'surface area', factor: fr(4), power: 2, formula: '4πr²' },
  { shape: 'sphere', measure: 'volume', factor: fr(4, 3), power: 3, formula: '(4/3)πr³' },
  { shape: 'hemisphere', measure: 'curved surface area', factor: fr(2), power: 2, formula: '2πr²' },
  { shape: 'hemisphere', measure: 'total surface area', factor: fr(3), power: 2, formula: '3πr²' },
  { shape: 'hemisphere', measure: 'volume', factor: fr(2, 3), power: 3, formula: '(2/3)πr³' },
];
const roundValue = (s: RoundSolid, r: Fr): Fr => fmul(fmul(s.factor, fr(22, 7)), fpow(r, s.power));
const niceDecimal = (f: Fr): boolean => 100 % f.d === 0;
G['sphere-hemisphere'] = (rng) => {
  for (;;) {
    const s = pick(rng, ROUND_SOLIDS);
    const D = 7 * int(rng, 1, 6);
    const useDiameter = coin(rng, 0.3) && D % 2 === 0;
    const r = useDiameter || coin(rng, 0.6) ? fr(D, 2) : fr(D);
    const ans = roundValue(s, r);
    if (!niceDecimal(ans)) continue;
    const dims = useDiameter ? `diameter ${D} cm` : `radius ${fmtAbs(fval(r))} cm`;
    const unit = s.power === 2 ? 'cm²' : 'cm³';
    const wrong = [
      ...(useDiameter ? [roundValue(s, fr(D))] : []),
      ...ROUND_SOLIDS.filter((o) => o.power === s.power && o !== s).map((o) => roundValue(o, r)),
      fmul(ans, fr(2)),
      fmul(ans, fr(1, 2)),
      roundValue({ ...s, power: s.power === 2 ? 3 : 2 }, r),
    ].filter(niceDecimal);
    return numChoice(
      rng,
      `Find the ${s.measure} of a ${s.shape} of ${dims}. (Use π = 22/7.)`,
      fval(ans),
      wrong.map(fval),
      `${useDiameter ? `Radius = ${D}/2 = ${fmtAbs(fval(r))} cm. ` : ''}${s.measure[0]?.toUpperCase()}${s.measure.slice(1)} of a ${s.shape} = ${s.formula} = ${s.formula
        .replace('πr', ' × 22/7 × ')
        .replace(/^ × /, '')
        .replace('²', `${fmtAbs(fval(r))}²`)
        .replace('³', `${fmtAbs(fval(r))}³`)} = ${inr(fval(ans))} ${unit}.`,
      { fmt: (v) => `${inr(v)} ${unit}`, integer: false, step: 22, min: 1 },
    );
  }
};

// =============================================================================================
// Grade 10

function coprimePair(rng: Rng, lo: number, hi: number): [number, number] {
  for (;;) {
    const m = int(rng, lo, hi);
    const n = int(rng, lo, hi);
    if (m !== n && gcd(m, n) === 1) return [m, n];
  }
}
G['hcf-lcm-relation'] = (rng) => {
  let g = 0;
  let m = 0;
  let n = 0;
  do {
    g = int(rng, 2, 20);
    [m, n] = coprimePair(rng, 2, 15);
  } while (g * Math.max(m, n) > 500);
  const [a, b, L] = [g * m, g * n, g * m * n];
  const kind = int(rng, 0, 2);
  if (kind === 0)
    return numChoice(
      rng,
      `The HCF of two numbers is ${g} and their LCM is ${inr(L)}. If one of the numbers is ${a}, find the other number.`,
      b,
      [n, m * n, L - a, (a * g) / m === b ? b + g : a * g],
      `For two numbers, HCF × LCM = product of the numbers. So the other number = (${g} × ${inr(L)}) ÷ ${a} = ${inr(g * L)} ÷ ${a} = ${b}.`,
      { min: 1, fmt: inr },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `Given that HCF(${a}, ${b}) = ${g}, find LCM(${a}, ${b}).`,
      L,
      [a * b, L * g, L / 2, (a * b) / (g * g)],
      `HCF × LCM = product of the two numbers, so LCM = (${a} × ${b}) ÷ ${g} = ${inr(a * b)} ÷ ${g} = ${inr(L)}.`,
      { min: 1, fmt: inr },
    );
  const ok = coin(rng);
  const LL = ok ? L : L + int(rng, 1, g - 1);
  return trueFalse(
    `True or false: two numbers can have ${g} as their HCF and ${inr(LL)} as their LCM.`,
    LL % g === 0,
    `The HCF of two numbers always divides their LCM. ${inr(LL)} ÷ ${g} ${LL % g === 0 ? `= ${inr(LL / g)} exactly, so it is possible (for example ${g} and ${inr(LL)}).` : `leaves remainder ${LL % g}, so this is impossible.`}`,
  );
};

G['hcf-lcm-word-problems'] = (rng) => {
  const kind = int(rng, 0, 4);
  if (kind <= 1) {
    let xs: number[] = [];
    do {
      xs = kind === 0 ? sample(rng, range(4, 20), 3) : sample(rng, range(8, 24), 2);
    } while (xs.reduce(lcm) > 600 || xs.reduce(lcm) === Math.max(...xs));
    const L = xs.reduce(lcm);
    const [p1, p2] = twoPeople(rng);
    const text =
      kind === 0
        ? `Three bells ring at intervals of ${listText(xs.map(String))} minutes. If they ring together now, after how many minutes will they next ring together?`
        : `${p1.name} takes ${xs[0]} minutes to cycle one round of a field, while ${p2.name} takes ${xs[1]} minutes. They start at the same point at the same time and go in the same direction. After how many minutes will they meet again at the starting point?`;
    return numChoice(
      rng,
      text,
      L,
      [xs.reduce((p, x) => p * x, 1), xs.reduce(gcd), 2 * L, xs.reduce((p, x) => p + x, 0)],
      `They are together again after a time that is a multiple of every interval; the first such time is the LCM. ${xs.map((x) => `${x} = ${primeFactors(x).join(' × ')}`).join(', ')}, so LCM = ${L} minutes.`,
      { fmt: (v) => `${v} minutes`, min: 1 },
    );
  }
  let g = 0;
  let a = 0;
  let b = 0;
  do {
    g = int(rng, 2, 40);
    const [m, n] = coprimePair(rng, 2, 30);
    [a, b] = kind === 2 ? [g * Math.max(m, n), g * Math.min(m, n)] : [g * m, g * n];
  } while (a > 999 || b > 999 || a < 100 || b < 12 || (kind === 2 && b > 100));
  const texts: [string, string][] = [
    [
      `An army contingent of ${a} members is to march behind an army band of ${b} members in a parade. The two groups are to march in the same number of columns. What is the maximum number of columns in which they can march?`,
      'columns',
    ],
    [
      `Two ropes of lengths ${a} cm and ${b} cm are to be cut into pieces of the same length with nothing left over. What is the greatest possible length of each piece?`,
      'cm',
    ],
    [
      `A fruit seller has ${a} mangoes and ${b} oranges. He wants to pack them in boxes holding the same number of fruits, each box holding only one kind of fruit. What is the largest number of fruits each box can hold?`,
      'fruits',
    ],
  ];
  const [text, unit] = texts[kind - 2] as [string, string];
  const smaller =
    range(1, g - 1)
      .filter((d) => g % d === 0)
      .pop() ?? 1;
  return numChoice(
    rng,
    text,
    g,
    [lcm(a, b), smaller, Math.min(a, b), 2 * g],
    `The answer must divide both ${a} and ${b} exactly, and be as large as possible: it is the HCF. ${a} = ${primeFactors(a).join(' × ')}, ${b} = ${primeFactors(b).join(' × ')}, so HCF = ${g} ${unit}.`,
    { fmt: (v) => `${inr(v)} ${unit}`, min: 1 },
  );
};

G['zeroes-sum-product'] = (rng) => {
  let a = 0;
  let b = 0;
  let c = 0;
  do {
    a = int(rng, 1, 4);
    b = int(rng, -12, 12);
    c = nz(rng, -12, 12);
  } while (b * b - 4 * a * c < 0);
  const S = fr(-b, a);
  const P = fr(c, a);
  const kind = int(rng, 0, 3);
  const targets = ['α + β', 'αβ', 'α² + β²', '1/α + 1/β'];
  const target = targets[kind] as string;
  const px = poly([c, b, a]);
  let ans: Fr;
  let wrong: Fr[];
  let why: string;
  const basics = `For ax² + bx + c, α + β = −b/a = ${ffmt(S)} and αβ = c/a = ${ffmt(P)}.`;
  if (kind === 0) {
    ans = S;
    wrong = [fr(b, a), P, fr(-c, a)];
    why = basics;
  } else if (kind === 1) {
    ans = P;
    wrong = [fr(-c, a), fr(b, a), S];
    why = basics;
  } else if (kind === 2) {
    ans = fsub(fmul(S, S), fmul(fr(2), P));
    wrong = [fmul(S, S), fadd(fmul(S, S), fmul(fr(2), P)), fsub(fmul(S, S), P)];
    why = `${basics} α² + β² = (α + β)² − 2αβ = ${ffmt(fmul(S, S))} − 2 × ${bracketFr(P)} = ${ffmt(ans)}.`;
  } else {
    ans = fdiv(S, P);
    wrong = [...(b !== 0 ? [fdiv(P, S)] : []), fr(-ans.n, ans.d), fmul(S, P), S];
    why = `${basics} 1/α + 1/β = (α + β)/αβ = ${ffmt(S)} ÷ ${bracketFr(P)} = ${ffmt(ans)}.`;
  }
  return fracChoice(
    rng,
    `If α and β are the zeroes of the polynomial ${px}, find the value of ${target}.`,
    ans,
    wrong,
    why,
    false,
  );
};

G['quadratic-from-zeroes'] = (rng) => {
  let r1 = 0;
  let r2 = 0;
  do {
    r1 = int(rng, -9, 9);
    r2 = int(rng, -9, 9);
  } while (r1 === r2 || (r1 === 0 && r2 === 0));
  const S = r1 + r2;
  const P = r1 * r2;
  const useZeroes = coin(rng);
  const text = useZeroes
    ? `Find a quadratic polynomial whose zeroes are ${neg(r1)} and ${neg(r2)}.`
    : `Find a quadratic polynomial, the sum and product of whose zeroes are ${neg(S)} and ${neg(P)} respectively.`;
  return choose(
    rng,
    text,
    poly([P, -S, 1]),
    [poly([P, S, 1]), poly([-P, -S, 1]), poly([-P, S, 1]), poly([S, P, 1]), poly([-S, P, 1]), poly([P, -S - 1, 1])],
    `A quadratic with zeroes α and β is x² − (α + β)x + αβ. ${useZeroes ? `Here α + β = ${neg(S)} and αβ = ${neg(P)}` : `Here the sum is ${neg(S)} and the product is ${neg(P)}`}, giving ${poly([P, -S, 1])}.`,
  );
};

const xyPair = (x: number, y: number): string => `x = ${neg(x)}, y = ${neg(y)}`;
G['solve-linear-pair'] = (rng) => {
  if (coin(rng, 0.3)) {
    let a1 = 0;
    let b1 = 0;
    let a2 = 0;
    let b2 = 0;
    do {
      [a1, b1, a2, b2] = [int(rng, 2, 9), int(rng, 2, 9), int(rng, 2, 9), int(rng, 2, 9)];
    } while (a1 * b2 === a2 * b1);
    const x = int(rng, 2, 15);
    let y = int(rng, 5, 30);
    while (y === x) y = int(rng, 5, 30);
    const [c1, c2] = [a1 * x + b1 * y, a2 * x + b2 * y];
    const f = ([p, q]: [number, number]) => `Pencil ₹${p}, pen ₹${q}`;
    return choose(
      rng,
      `${a1} pencils and ${b1} pens together cost ₹${c1}, while ${a2} pencils and ${b2} pens together cost ₹${c2}. Find the cost of one pencil and of one pen.`,
      f([x, y]),
      (
        [
          [y, x],
          [x + 1, y - 1],
          [x - 1, y + 1],
          [x + 2, y],
          [x, y + 2],
        ] as [number, number][]
      )
        .filter(([p, q]) => p > 0 && q > 0)
        .map(f),
      `Let a pencil cost ₹x and a pen ₹y: ${a1}x + ${b1}y = ${c1} and ${a2}x + ${b2}y = ${c2}. Solving (by elimination) gives x = ${x} and y = ${y}. Check: ${a1} × ${x} + ${b1} × ${y} = ${c1}.`,
    );
  }
  let a1 = 0;
  let b1 = 0;
  let a2 = 0;
  let b2 = 0;
  do {
    [a1, b1, a2, b2] = [nz(rng, -5, 5), nz(rng, -5, 5), nz(rng, -5, 5), nz(rng, -5, 5)];
  } while (a1 * b2 === a2 * b1);
  const x = int(rng, -6, 9);
  const y = nz(rng, -6, 9);
  const [c1, c2] = [a1 * x + b1 * y, a2 * x + b2 * y];
  const both = (p: number, q: number) => a1 * p + b1 * q === c1 && a2 * p + b2 * q === c2;
  const cands: [number, number][] = [
    [y, x],
    [x, -y],
    [-x, y],
    [x + b1, y - a1],
    [x + 1, y - 1],
    [x - 1, y + 2],
    [x + 2, y + 1],
    [x - 2, y],
  ];
  return choose(
    rng,
    `Solve the pair of linear equations ${lin2(a1, b1, c1)} and ${lin2(a2, b2, c2)}.`,
    xyPair(x, y),
    cands.filter(([p, q]) => !both(p, q)).map(([p, q]) => xyPair(p, q)),
    `Eliminate one variable: multiply the first equation by ${neg(a2)} and the second by ${neg(a1)} and subtract, which gives ${neg(b1 * a2 - b2 * a1)}y = ${neg(c1 * a2 - c2 * a1)}, so y = ${neg(y)}. Substituting back gives x = ${neg(x)}. Check: ${par(a1)} × ${par(x)} + ${par(b1)} × ${par(y)} = ${neg(c1)} and ${par(a2)} × ${par(x)} + ${par(b2)} × ${par(y)} = ${neg(c2)}.`,
  );
};

const CONSISTENCY = ['A unique solution', 'No solution', 'Infinitely many solutions', 'Exactly two solutions'];
G['consistency-of-pair'] = (rng) => {
  if (coin(rng, 0.65)) {
    const type = int(rng, 0, 2);
    const p = nz(rng, -5, 5);
    const q = nz(rng, -5, 5);
    const r = int(rng, -9, 9);
    const [m, n] = sample(rng, [1, 2, 3, -2], 2) as [number, number];
    let e1: [number, number, number] = [m * p, m * q, m * r];
    let e2: [number, number, number] = [n * p, n * q, n * r];
    if (type === 1) e2 = [e2[0], e2[1], e2[2] + nz(rng, -4, 4)];
    if (type === 0) {
      let a2 = 0;
      let b2 = 0;
      do {
        a2 = nz(rng, -6, 6);
        b2 = nz(rng, -6, 6);
      } while (e1[0] * b2 === a2 * e1[1]);
      e2 = [a2, b2, int(rng, -9, 9)];
    }
    if (coin(rng)) [e1, e2] = [e2, e1];
    const [a1, b1, c1] = e1;
    const [a2, b2, c2] = e2;
    const ans = CONSISTENCY[type] as string;
    return choose(
      rng,
      `How many solutions does the pair of equations ${lin2(a1, b1, c1)} and ${lin2(a2, b2, c2)} have?`,
      ans,
      CONSISTENCY,
      `Compare the ratios a₁/a₂ = ${neg(a1)}/${neg(a2)}, b₁/b₂ = ${neg(b1)}/${neg(b2)}, c₁/c₂ = ${neg(c1)}/${neg(c2)}. ${
        type === 0
          ? 'a₁/a₂ ≠ b₁/b₂, so the lines intersect at exactly one point: a unique solution.'
          : type === 1
            ? 'a₁/a₂ = b₁/b₂ ≠ c₁/c₂, so the lines are parallel: no solution.'
            : 'a₁/a₂ = b₁/b₂ = c₁/c₂, so the lines coincide: infinitely many solutions.'
      }`,
    );
  }
  const a2 = nz(rng, -5, 5);
  const b2 = nz(rng, -5, 5);
  const c2 = int(rng, -9, 9);
  const t = pick(rng, [2, 3, -2]);
  const k = t * a2;
  const b1 = t * b2;
  let c1 = int(rng, -15, 15);
  while (c1 === t * c2) c1 = int(rng, -15, 15);
  return numChoice(
    rng,
    `For what value of k will the equations ${terms([
      [1, 'kx'],
      [b1, 'y'],
    ])} = ${neg(c1)} and ${lin2(a2, b2, c2)} have no solution?`,
    k,
    [-k, a2, k + t, Number.isInteger((a2 * b2) / b1) ? (a2 * b2) / b1 : 2 * k],
    `No solution needs k/${par(a2)} = ${par(b1)}/${par(b2)} ≠ ${par(c1)}/${par(c2)}. So k/${par(a2)} = ${neg(t)}, giving k = ${neg(k)}. (And ${neg(c1)}/${neg(c2)} ≠ ${neg(t)}, so the lines are parallel, not the same.)`,
    { min: -Infinity },
  );
};

G['solve-quadratic-factorisation'] = (rng) => {
  if (coin(rng, 0.25)) {
    const n = int(rng, 5, 40);
    const f = (x: number) => `${x} and ${x + 1}`;
    return choose(
      rng,
      `The product of two consecutive positive integers is ${n * (n + 1)}. Find the integers.`,
      f(n),
      [f(n - 1), f(n + 1), f(n - 2), f(n + 2)],
      `Let the integers be x and x + 1. x(x + 1) = ${n * (n + 1)}, so x² + x − ${n * (n + 1)} = 0, i.e. (x − ${n})(x + ${n + 1}) = 0. x must be positive, so x = ${n} and the integers are ${n} and ${n + 1}.`,
    );
  }
  const a = pick(rng, [1, 1, 2, 3]);
  let p = 0;
  let r = 0;
  do {
    p = nz(rng, -9, 9);
    r = nz(rng, -7, 7);
  } while ((a > 1 && gcd(a, p) !== 1) || (a === 1 && p === r));
  // (a x − p)(x − r) = 0 → x = p/a, x = r
  const c = polyMul([-p, a], [-r, 1]);
  const roots = (x: Fr, y: Fr) => {
    const [u, v] = fval(x) <= fval(y) ? [x, y] : [y, x];
    return `${ffmt(u)} and ${ffmt(v)}`;
  };
  const R1 = fr(p, a);
  const R2 = fr(r);
  const alt = range(1, Math.abs(p * r))
    .filter((d) => (p * r) % d === 0 && d !== Math.abs(p) && d !== Math.abs(r))
    .map((d) => roots(fr(d), fr((p * r) / d)));
  return choose(
    rng,
    `Find the roots of the quadratic equation ${poly(c)} = 0.`,
    roots(R1, R2),
    [
      roots(fr(-p, a), fr(-r)),
      roots(fr(-p, a), R2),
      roots(R1, fr(-r)),
      roots(fr(p), R2),
      ...alt,
      roots(fadd(R1, fr(1)), R2),
      roots(R1, fsub(R2, fr(2))),
    ],
    `Factorise: ${poly(c)} = (${terms([
      [a, 'x'],
      [-p, ''],
    ])})(${terms([
      [1, 'x'],
      [-r, ''],
    ])}). Setting each factor to zero gives x = ${ffmt(R1)} or x = ${ffmt(R2)}.`,
  );
};

const NATURE = ['Two distinct real roots', 'Two equal real roots', 'No real roots', 'Infinitely many real roots'];
G['nature-of-roots'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const type = int(rng, 0, 2);
    let c: number[] = [];
    if (type === 1) {
      const p = int(rng, 1, 3);
      const q = nz(rng, -6, 6);
      const scale = coin(rng, 0.8) ? 1 : 2;
      c = [q * q, 2 * p * q, p * p].map((x) => x * scale);
    } else {
      do {
        c = [int(rng, -9, 9), int(rng, -9, 9), int(rng, 1, 5)];
      } while ((type === 0 ? 1 : -1) * ((c[1] ?? 0) ** 2 - 4 * (c[2] ?? 0) * (c[0] ?? 0)) <= 0);
    }
    const D = (c[1] ?? 0) ** 2 - 4 * (c[2] ?? 0) * (c[0] ?? 0);
    return choose(
      rng,
      `What is the nature of the roots of the quadratic equation ${poly(c)} = 0?`,
      NATURE[type] as string,
      NATURE,
      `Discriminant D = b² − 4ac = ${par(c[1] ?? 0)}² − 4 × ${par(c[2] ?? 0)} × ${par(c[0] ?? 0)} = ${neg(D)}. ${D > 0 ? 'D > 0, so there are two distinct real roots.' : D === 0 ? 'D = 0, so there are two equal real roots.' : 'D < 0, so there are no real roots.'}`,
    );
  }
  if (kind === 1) {
    if (coin(rng)) {
      let a = 0;
      let c = 0;
      do {
        a = int(rng, 1, 5);
        c = int(rng, 1, 20);
      } while (!isSquare(4 * a * c));
      const k = Math.sqrt(4 * a * c);
      return numChoice(
        rng,
        `Find the positive value of k for which the equation ${terms([
          [a, 'x²'],
          [1, 'kx'],
          [c, ''],
        ])} = 0 has two equal roots.`,
        k,
        [k / 2, 2 * k, a * c, 4 * a * c],
        `Equal roots need b² − 4ac = 0: k² − 4 × ${a} × ${c} = 0, so k² = ${4 * a * c} and k = ${k}.`,
        { min: 1 },
      );
    }
    let b = 0;
    let c = 0;
    do {
      b = nz(rng, -12, 12);
      c = int(rng, 1, 9);
    } while ((b * b) % (4 * c) !== 0);
    const k = (b * b) / (4 * c);
    return numChoice(
      rng,
      `Find the value of k for which the equation ${terms([
        [1, 'kx²'],
        [b, 'x'],
        [c, ''],
      ])} = 0 has two equal roots.`,
      k,
      [(b * b) / c, (b * b) / (2 * c), -k, Math.abs(b) / (4 * c), k + 1],
      `Equal roots need b² − 4ac = 0: ${par(b)}² − 4 × k × ${c} = 0, so ${b * b} = ${4 * c}k and k = ${k}.`,
      { min: -Infinity },
    );
  }
  const c = [int(rng, -9, 9), int(rng, -9, 9), nz(rng, -5, 5)];
  const [cc, bb, aa] = c as [number, number, number];
  const D = bb * bb - 4 * aa * cc;
  return numChoice(
    rng,
    `Find the discriminant of the quadratic equation ${poly(c)} = 0.`,
    D,
    [bb * bb + 4 * aa * cc, bb - 4 * aa * cc, bb * bb - 2 * aa * cc, -D],
    `D = b² − 4ac with a = ${neg(aa)}, b = ${neg(bb)}, c = ${neg(cc)}: D = ${bb * bb} − 4 × ${par(aa)} × ${par(cc)} = ${neg(D)}.`,
    { min: -Infinity },
  );
};

const apTerms = (a: number, d: number): string => `${neg(a)}, ${neg(a + d)}, ${neg(a + 2 * d)}, …`;
G['ap-nth-term'] = (rng) => {
  const a = int(rng, -20, 20);
  const d = nz(rng, -9, 9);
  const n = int(rng, 8, 40);
  const ans = a + (n - 1) * d;
  return numChoice(
    rng,
    `Find the ${ord(n)} term of the AP: ${apTerms(a, d)}`,
    ans,
    [a + n * d, n * d, a + (n - 2) * d, a - (n - 1) * d],
    `Here a = ${neg(a)} and d = ${neg(a + d)} − ${par(a)} = ${neg(d)}. aₙ = a + (n − 1)d = ${neg(a)} + ${n - 1} × ${par(d)} = ${neg(ans)}.`,
    { min: -Infinity },
  );
};

G['ap-which-term'] = (rng) => {
  if (coin(rng, 0.7)) {
    const a = int(rng, -20, 40);
    const d = nz(rng, -7, 7);
    const n = int(rng, 5, 60);
    const t = a + (n - 1) * d;
    return numChoice(
      rng,
      `Which term of the AP ${apTerms(a, d)} is ${neg(t)}?`,
      n,
      [n - 1, n + 1, Math.abs(t / d), Math.abs((t - a) / d) + 2],
      `aₙ = a + (n − 1)d: ${neg(t)} = ${neg(a)} + (n − 1) × ${par(d)}, so n − 1 = ${neg(t - a)} ÷ ${par(d)} = ${n - 1} and n = ${n}. It is the ${ord(n)} term.`,
      { fmt: ord, min: 1 },
    );
  }
  const k = int(rng, 3, 13);
  const three = coin(rng);
  const [lo, hi] = three ? [100, 999] : [10, 99];
  const first = Math.ceil(lo / k) * k;
  const last = Math.floor(hi / k) * k;
  const count = (last - first) / k + 1;
  return numChoice(
    rng,
    `How many ${three ? 'three' : 'two'}-digit numbers are divisible by ${k}?`,
    count,
    [count + 1, count - 1, Math.floor(hi / k), Math.floor((hi - lo) / k)],
    `They form an AP: ${first}, ${first + k}, …, ${last} with d = ${k}. ${last} = ${first} + (n − 1) × ${k}, so n − 1 = ${(last - first) / k} and n = ${count}.`,
    { min: 1 },
  );
};

G['ap-sum'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const a = int(rng, -15, 25);
    const d = nz(rng, -6, 8);
    const n = int(rng, 8, 30);
    const S = (n * (2 * a + (n - 1) * d)) / 2;
    return numChoice(
      rng,
      `Find the sum of the first ${n} terms of the AP: ${apTerms(a, d)}`,
      S,
      [n * (2 * a + (n - 1) * d), (n * (2 * a + n * d)) / 2, a + (n - 1) * d, (n * (a + (n - 1) * d)) / 2],
      `Sₙ = n/2 [2a + (n − 1)d] = ${n}/2 × [2 × ${par(a)} + ${n - 1} × ${par(d)}] = ${n}/2 × ${neg(2 * a + (n - 1) * d)} = ${neg(S)}.`,
      { min: -Infinity, fmt: inr },
    );
  }
  if (kind === 1) {
    const a = int(rng, 1, 20);
    const d = int(rng, 2, 9);
    const n = int(rng, 8, 30);
    const l = a + (n - 1) * d;
    const S = (n * (a + l)) / 2;
    return numChoice(
      rng,
      `Find the sum ${a} + ${a + d} + ${a + 2 * d} + … + ${l}.`,
      S,
      [((n - 1) * (a + l)) / 2, n * (a + l), ((n + 1) * (a + l)) / 2, S + l],
      `d = ${d}. Number of terms: ${l} = ${a} + (n − 1) × ${d}, so n = ${n}. Sum = n/2 × (first + last) = ${n}/2 × (${a} + ${l}) = ${inr(S)}.`,
      { fmt: inr, min: 1 },
    );
  }
  const n = int(rng, 10, 50);
  if (coin(rng)) {
    const k = int(rng, 2, 9);
    const S = (k * n * (n + 1)) / 2;
    return numChoice(
      rng,
      `Find the sum of the first ${n} positive multiples of ${k}.`,
      S,
      [k * n * (n + 1), (k * n * (n - 1)) / 2, (n * (n + 1)) / 2, S + k],
      `The multiples ${k}, ${2 * k}, …, ${k * n} form an AP with a = ${k}, l = ${k * n}. Sum = ${n}/2 × (${k} + ${k * n}) = ${inr(S)}.`,
      { fmt: inr, min: 1 },
    );
  }
  return numChoice(
    rng,
    `Find the sum of the first ${n} odd natural numbers.`,
    n * n,
    [n * (n + 1), (n * (n + 1)) / 2, 2 * n * n, n * n - 1],
    `The odd numbers 1, 3, 5, …, ${2 * n - 1} form an AP with a = 1, d = 2. Sₙ = ${n}/2 × [2 + ${n - 1} × 2] = ${n} × ${n} = ${n * n}.`,
    { fmt: inr, min: 1 },
  );
};

// =============================================================================================
// Grade 11

const setText = (xs: number[]): string => (xs.length ? `{${[...xs].sort((a, b) => a - b).join(', ')}}` : 'φ');
G['set-operations'] = (rng) => {
  const U = range(1, 10);
  let A: number[] = [];
  let B: number[] = [];
  do {
    A = sample(rng, U, int(rng, 3, 6));
    B = sample(rng, U, int(rng, 3, 6));
  } while (
    A.filter((x) => B.includes(x)).length === 0 ||
    A.every((x) => B.includes(x)) ||
    B.every((x) => A.includes(x))
  );
  const union = U.filter((x) => A.includes(x) || B.includes(x));
  const inter = U.filter((x) => A.includes(x) && B.includes(x));
  const aMinusB = U.filter((x) => A.includes(x) && !B.includes(x));
  const bMinusA = U.filter((x) => B.includes(x) && !A.includes(x));
  const compA = U.filter((x) => !A.includes(x));
  const sym = [...aMinusB, ...bMinusA];
  const kind = int(rng, 0, 4);
  const [label, ans, rule] = (
    [
      ['A ∪ B', union, 'A ∪ B contains every element that is in A or in B (or both).'],
      ['A ∩ B', inter, 'A ∩ B contains only the elements common to A and B.'],
      ['A − B', aMinusB, 'A − B contains the elements of A that are not in B.'],
      ['B − A', bMinusA, 'B − A contains the elements of B that are not in A.'],
      ['A′', compA, 'A′ (the complement of A) contains the elements of U that are not in A.'],
    ] as [string, number[], string][]
  )[kind] as [string, number[], string];
  const text =
    kind === 4
      ? `If U = ${setText(U)}, A = ${setText(A)} and B = ${setText(B)}, find A′.`
      : `If A = ${setText(A)} and B = ${setText(B)}, find ${label}.`;
  return choose(
    rng,
    text,
    setText(ans),
    [union, inter, aMinusB, bMinusA, sym, compA, U.filter((x) => !B.includes(x)), A, B].map(setText),
    `${rule} So ${label} = ${setText(ans)}.`,
  );
};

G['sets-counting'] = (rng) => {
  const kind = int(rng, 0, 3);
  if (kind === 0) {
    const N = int(rng, 30, 90);
    const h = int(rng, Math.ceil(N / 2), N - 3);
    const e = int(rng, N - h + 1, N - 2);
    const both = h + e - N;
    return numChoice(
      rng,
      `In a group of ${N} people, ${h} speak Hindi and ${e} speak English. Everyone speaks at least one of the two languages. How many speak both?`,
      both,
      [h + e, N - h, N - e, both + 5],
      `n(H ∪ E) = n(H) + n(E) − n(H ∩ E), so ${N} = ${h} + ${e} − n(H ∩ E) and n(H ∩ E) = ${h + e} − ${N} = ${both}.`,
      { min: 1 },
    );
  }
  if (kind === 1) {
    const c = int(rng, 2, 15);
    const a = c + int(rng, 1, 25);
    const b = c + int(rng, 1, 25);
    return numChoice(
      rng,
      `If n(A) = ${a}, n(B) = ${b} and n(A ∩ B) = ${c}, find n(A ∪ B).`,
      a + b - c,
      [a + b, a + b + c, a + b - 2 * c, a + b - c + 1],
      `n(A ∪ B) = n(A) + n(B) − n(A ∩ B) = ${a} + ${b} − ${c} = ${a + b - c}.`,
      { min: 1 },
    );
  }
  const N = int(rng, 30, 60);
  const both = int(rng, 3, 12);
  const c = both + int(rng, 3, 20);
  const f = both + int(rng, 3, Math.max(3, N - c - 2));
  if (c + f - both > N) return G['sets-counting']!(rng);
  const start = `In a class of ${N} students, ${c} like cricket, ${f} like football and ${both} like both games.`;
  if (kind === 2)
    return numChoice(
      rng,
      `${start} How many students like neither game?`,
      N - (c + f - both),
      [N - c - f, N - (c + f + both), c + f - both, N - c - f + 2 * both],
      `Students who like at least one game = ${c} + ${f} − ${both} = ${c + f - both}. Neither = ${N} − ${c + f - both} = ${N - (c + f - both)}.`,
    );
  return numChoice(
    rng,
    `${start} How many students like only cricket?`,
    c - both,
    [c, c + both, f - both, N - c],
    `Only cricket = (cricket) − (both) = ${c} − ${both} = ${c - both}.`,
  );
};

const SET_POOLS = [
  ['a', 'e', 'i', 'o', 'u'],
  ['1', '2', '3', '4', '5', '6'],
  ['p', 'q', 'r', 's', 't', 'u'],
  ['2', '4', '6', '8', '10', '12'],
  ['x', 'y', 'z', 'w'],
];
G['subsets-count'] = (rng) => {
  const pool = pick(rng, SET_POOLS);
  const n = int(rng, 2, Math.min(6, pool.length));
  const S = `{${pool.slice(0, n).join(', ')}}`;
  const kind = int(rng, 0, 3);
  const N = 2 ** n;
  if (kind === 0)
    return numChoice(
      rng,
      `How many subsets does the set ${S} have?`,
      N,
      [N - 1, 2 * n, n * n, N + 1],
      `A set with n elements has 2ⁿ subsets. Here n = ${n}, so there are 2${sup(n)} = ${N} subsets.`,
      { min: 1 },
    );
  if (kind === 1)
    return numChoice(
      rng,
      `How many proper subsets does the set ${S} have?`,
      N - 1,
      [N, N - 2, 2 * n - 1, n],
      `There are 2${sup(n)} = ${N} subsets in all; every subset except ${S} itself is a proper subset, so there are ${N} − 1 = ${N - 1}.`,
      { min: 1 },
    );
  if (kind === 2)
    return numChoice(
      rng,
      `If A = ${S}, how many elements does the power set P(A) have?`,
      N,
      [n, n * n, N - 1, 2 * n],
      `P(A) is the set of all subsets of A. A has ${n} elements, so P(A) has 2${sup(n)} = ${N} elements.`,
      { min: 1 },
    );
  const m = int(rng, 2, 8);
  return numChoice(
    rng,
    `A set has ${2 ** m} subsets. How many elements does it have?`,
    m,
    [2 ** m / 2, m + 1, m - 1, 2 * m],
    `A set with n elements has 2ⁿ subsets. 2ⁿ = ${2 ** m} gives n = ${m}.`,
    { min: 1 },
  );
};

/** a + bi written as "3 − 4i", "−2i", "5", "i". */
function cx(re: number, im: number): string {
  const imAbs = Math.abs(im) === 1 ? 'i' : `${Math.abs(im)}i`;
  if (im === 0) return neg(re);
  if (re === 0) return (im < 0 ? MINUS : '') + imAbs;
  return `${neg(re)} ${im < 0 ? '−' : '+'} ${imAbs}`;
}
G['complex-arithmetic'] = (rng) => {
  const [a, b, c, d] = [int(rng, -6, 6), nz(rng, -6, 6), int(rng, -6, 6), nz(rng, -6, 6)];
  const op = pick(rng, ['+', '−', '×', '×']);
  let ans: [number, number];
  let wrong: [number, number][];
  let why: string;
  if (op === '×') {
    ans = [a * c - b * d, a * d + b * c];
    wrong = [
      [a * c + b * d, a * d + b * c],
      [a * c - b * d, a * d - b * c],
      [a * c, b * d],
      [a * c + b * d, a * d - b * c],
    ];
    why = `(${cx(a, b)})(${cx(c, d)}) = ${par(a * c)} + ${par(a * d)}i + ${par(b * c)}i + ${par(b * d)}i². Since i² = −1: ${neg(a * c)} − ${par(b * d)} + (${neg(a * d)} + ${par(b * c)})i = ${cx(...ans)}.`;
  } else if (op === '+') {
    ans = [a + c, b + d];
    wrong = [
      [a + c, b - d],
      [a - c, b + d],
      [a + b, c + d],
      [a + c + b + d, 0],
    ];
    why = `Add real parts and imaginary parts separately: (${neg(a)} + ${par(c)}) + (${neg(b)} + ${par(d)})i = ${cx(...ans)}.`;
  } else {
    ans = [a - c, b - d];
    wrong = [
      [a + c, b + d],
      [a - c, d - b],
      [c - a, d - b],
      [a - c, b + d],
    ];
    why = `Subtract real parts and imaginary parts separately: (${neg(a)} − ${par(c)}) + (${neg(b)} − ${par(d)})i = ${cx(...ans)}.`;
  }
  return choose(
    rng,
    `Express (${cx(a, b)}) ${op} (${cx(c, d)}) in the form a + ib.`,
    cx(...ans),
    ([...wrong, [ans[0] + 1, ans[1]], [ans[0], ans[1] - 1], [-ans[0], ans[1]]] as [number, number][]).map(([x, y]) =>
      cx(x, y),
    ),
    why,
  );
};

const PY_TRIPLES: [number, number, number][] = [
  [3, 4, 5],
  [5, 12, 13],
  [8, 15, 17],
  [6, 8, 10],
  [7, 24, 25],
  [9, 12, 15],
  [12, 16, 20],
];
G['complex-modulus-conjugate'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const [p, q, m] = pick(rng, PY_TRIPLES);
    const [a, b] = (coin(rng) ? [p, q] : [q, p]).map((v) => (coin(rng) ? -v : v)) as [number, number];
    return numChoice(
      rng,
      `Find the modulus of the complex number ${cx(a, b)}.`,
      m,
      [Math.abs(a) + Math.abs(b), a * a + b * b, Math.abs(Math.abs(a) - Math.abs(b)), m + 1],
      `|a + ib| = √(a² + b²) = √(${a * a} + ${b * b}) = √${m * m} = ${m}.`,
      { min: 1 },
    );
  }
  const a = nz(rng, -9, 9);
  const b = nz(rng, -9, 9);
  if (kind === 1)
    return choose(
      rng,
      `What is the conjugate of the complex number ${cx(a, b)}?`,
      cx(a, -b),
      [cx(-a, b), cx(-a, -b), cx(b, a), cx(b, -a), cx(a, b), cx(-b, -a)],
      `The conjugate of a + ib is a − ib: change the sign of the imaginary part only. So the conjugate of ${cx(a, b)} is ${cx(a, -b)}.`,
    );
  return numChoice(
    rng,
    `If z = ${cx(a, b)}, find z·z̄ (z multiplied by its conjugate).`,
    a * a + b * b,
    [a * a - b * b, (a + b) ** 2, 2 * a, Math.abs(a) + Math.abs(b)],
    `z·z̄ = (${cx(a, b)})(${cx(a, -b)}) = a² + b² = ${a * a} + ${b * b} = ${a * a + b * b}.`,
    { min: -Infinity },
  );
};

const I_POWERS: [number, number][] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];
const iPow = (n: number): [number, number] => I_POWERS[((n % 4) + 4) % 4] as [number, number];
const iExp = (n: number): string => (n < 0 ? `i^(${neg(n)})` : `i^${n}`);
G['powers-of-i'] = (rng) => {
  const n = (coin(rng, 0.75) ? 1 : -1) * int(rng, 5, 150);
  if (coin(rng, 0.65)) {
    const ans = cx(...iPow(n));
    const rem = ((n % 4) + 4) % 4;
    return choose(
      rng,
      `Evaluate ${iExp(n)}.`,
      ans,
      ['1', '−1', 'i', '−i'],
      `Powers of i repeat every 4: i¹ = i, i² = −1, i³ = −i, i⁴ = 1. ${neg(n)} = 4 × ${par((n - rem) / 4)} + ${rem} and i⁴ = 1, so ${iExp(n)} = i^${rem} = ${ans}.`,
    );
  }
  let m = int(rng, 5, 150);
  while (m === n) m = int(rng, 5, 150);
  const [p, q] = [iPow(n), iPow(m)];
  const ans: [number, number] = [p[0] + q[0], p[1] + q[1]];
  const all = I_POWERS.flatMap((x) => I_POWERS.map((y) => cx(x[0] + y[0], x[1] + y[1])));
  return choose(
    rng,
    `Evaluate ${iExp(n)} + ${iExp(m)}.`,
    cx(...ans),
    shuffle(rng, [...new Set(all)]),
    `Powers of i repeat every 4 (i, −1, −i, 1). ${iExp(n)} = ${cx(...p)} and ${iExp(m)} = ${cx(...q)}, so the sum is ${cx(...ans)}.`,
  );
};

G['permutations-npr'] = (rng) => {
  const kind = int(rng, 0, 2);
  let n = int(rng, 5, 10);
  const r = int(rng, 2, 4);
  let text: string;
  if (kind === 0) text = `Evaluate ${sup(n)}P${sub(r)}.`;
  else if (kind === 1)
    text = `In how many ways can ${r} different prizes be given to ${n} students if no student gets more than one prize?`;
  else {
    n = int(rng, Math.max(r, 4), 7);
    const digits = sample(rng, range(1, 9), n).sort((a, b) => a - b);
    text = `How many ${r}-digit numbers can be formed from the digits ${listText(digits.map(String))} if no digit is repeated?`;
  }
  const ans = nPr(n, r);
  return numChoice(
    rng,
    text,
    ans,
    [nCr(n, r), n ** r, nPr(n, r - 1), nPr(n, r + 1) <= 10 * ans ? nPr(n, r + 1) : ans * 2],
    `Order matters and nothing is repeated, so the count is ${sup(n)}P${sub(r)} = n!/(n − r)! = ${range(n - r + 1, n)
      .reverse()
      .join(' × ')} = ${inr(ans)}.`,
    { fmt: inr, min: 1 },
  );
};

G['combinations-ncr'] = (rng) => {
  const kind = int(rng, 0, 3);
  if (kind === 2) {
    const B = int(rng, 4, 8);
    const Gc = int(rng, 4, 8);
    const b = int(rng, 1, 3);
    const g = int(rng, 1, 3);
    const ans = nCr(B, b) * nCr(Gc, g);
    return numChoice(
      rng,
      `In how many ways can a team of ${b} ${b === 1 ? 'boy' : 'boys'} and ${g} ${g === 1 ? 'girl' : 'girls'} be chosen from ${B} boys and ${Gc} girls?`,
      ans,
      [nCr(B, b) + nCr(Gc, g), nCr(B + Gc, b + g), nPr(B, b) * nPr(Gc, g), ans * 2],
      `Choose the boys in ${sup(B)}C${sub(b)} = ${nCr(B, b)} ways and the girls in ${sup(Gc)}C${sub(g)} = ${nCr(Gc, g)} ways. Total = ${nCr(B, b)} × ${nCr(Gc, g)} = ${inr(ans)}.`,
      { fmt: inr, min: 1 },
    );
  }
  const n = int(rng, 5, 12);
  const r = kind === 3 ? 2 : int(rng, 2, 4);
  const ans = nCr(n, r);
  const text =
    kind === 0
      ? `Evaluate ${sup(n)}C${sub(r)}.`
      : kind === 1
        ? `In how many ways can a committee of ${r} members be chosen from ${n} people?`
        : `How many straight lines can be drawn through ${n} points in a plane, no three of which lie on the same line?`;
  return numChoice(
    rng,
    text,
    ans,
    [nPr(n, r), nCr(n, r - 1), n * r, ans * 2],
    `Order does not matter, so use combinations: ${sup(n)}C${sub(r)} = n!/(r!(n − r)!) = (${range(n - r + 1, n)
      .reverse()
      .join(' × ')})/(${range(1, r).reverse().join(' × ')}) = ${inr(ans)}.`,
    { fmt: inr, min: 1 },
  );
};

const WORDS = [
  'INDIA',
  'DELHI',
  'AGRA',
  'KERALA',
  'ASSAM',
  'GANGA',
  'MUMBAI',
  'PATNA',
  'BIHAR',
  'GOA',
  'DAMAN',
  'NAGALAND',
  'KOLKATA',
  'CHENNAI',
  'BHOPAL',
  'JAIPUR',
  'INDORE',
  'ODISHA',
  'TRIPURA',
  'SURAT',
  'PUNE',
  'GUJARAT',
  'HARYANA',
  'MIZORAM',
  'SIKKIM',
  'MANALI',
  'SHIMLA',
  'NAGPUR',
];
function arrangements(letters: string[]): number {
  const counts = new Map<string, number>();
  for (const l of letters) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.values()].reduce((v, c) => v / factorial(c), factorial(letters.length));
}
G['word-arrangements'] = (rng) => {
  const w = pick(rng, WORDS);
  const letters = w.split('');
  const total = arrangements(letters);
  const n = letters.length;
  const reps = [...new Set(letters)].filter((l) => letters.filter((x) => x === l).length > 1);
  const repText = reps.length
    ? reps.map((l) => `${l} appears ${letters.filter((x) => x === l).length} times`).join(', ')
    : 'all the letters are different';
  if (coin(rng)) {
    return numChoice(
      rng,
      `How many different arrangements can be made using all the letters of the word ${w}?`,
      total,
      [factorial(n), factorial(n - 1), total * 2, total / 2],
      `The word has ${n} letters and ${repText}. Number of arrangements = ${n}!${reps.map((l) => ` ÷ ${letters.filter((x) => x === l).length}!`).join('')} = ${inr(total)}.`,
      { fmt: inr, min: 1 },
    );
  }
  const first = pick(rng, [...new Set(letters)]);
  const rest = [...letters];
  rest.splice(rest.indexOf(first), 1);
  const ans = arrangements(rest);
  return numChoice(
    rng,
    `How many arrangements of all the letters of the word ${w} begin with ${first}?`,
    ans,
    [total, factorial(n - 1), ans * 2, factorial(n - 2)],
    `Fix ${first} in the first place and arrange the remaining ${n - 1} letters (${rest.join(', ')}): ${inr(ans)} ways.`,
    { fmt: inr, min: 1 },
  );
};

/** Coefficients of (p + qx)^n, index = power of x. */
function binomialExpand(p: number, q: number, n: number): number[] {
  let out = [1];
  for (let i = 0; i < n; i++) out = polyMul(out, [p, q]);
  return out;
}
G['binomial-coefficient-xk'] = (rng) => {
  const n = int(rng, 4, 8);
  const a = nz(rng, -3, 3);
  const xFirst = coin(rng);
  const k = int(rng, 1, n - 1);
  const [p, q] = xFirst ? [a, 1] : [1, a];
  const expr = xFirst
    ? `(${terms([
        [1, 'x'],
        [a, ''],
      ])})`
    : `(${terms([
        [1, ''],
        [a, 'x'],
      ])})`;
  const coeff = binomialExpand(p, q, n);
  const ans = coeff[k] ?? 0;
  const xk = k === 1 ? 'x' : `x${sup(k)}`;
  const r = xFirst ? n - k : k;
  return numChoice(
    rng,
    `Find the coefficient of ${xk} in the expansion of ${expr}${sup(n)}.`,
    ans,
    [nCr(n, k), nCr(n, k) * a ** (xFirst ? k : n - k), -ans, nCr(n, k - 1) * a ** r, nCr(n, k) * a * r],
    `The general term is ${sup(n)}C${sub(r)} × ${xFirst ? `x${sup(n - r)}` : '1'} × (${neg(a)}${xFirst ? '' : 'x'})${sup(r)}. For ${xk} we need r = ${r}: ${sup(n)}C${sub(r)} × ${par(a)}${sup(r)} = ${nCr(n, r)} × ${par(a ** r)} = ${inr(ans)}.`,
    { fmt: inr, min: -Infinity },
  );
};

G['binomial-evaluate'] = (rng) => {
  const base = pick(rng, [10, 100, 100]);
  const k = nz(rng, -4, 4);
  const n = base === 10 ? int(rng, 3, 5) : int(rng, 3, 4);
  const x = base + k;
  const ans = x ** n;
  const expansion = range(0, n)
    .map((r) => ({ r, t: nCr(n, r) * base ** (n - r) * k ** r }))
    .map(({ r, t }, i) => (i === 0 ? inr(t) : `${t < 0 ? '−' : '+'} ${inr(Math.abs(t))}`) + (r === 0 ? '' : ''))
    .join(' ');
  return numChoice(
    rng,
    `Using the binomial theorem, evaluate ${x}${sup(n)}.`,
    ans,
    [
      base ** n + n * base ** (n - 1) * k + k ** n,
      ans + 2 * nCr(n, 2) * base ** (n - 2) * k * k,
      base ** n + k ** n,
      ans - n * base ** (n - 1) * k,
    ],
    `${x}${sup(n)} = (${base} ${k < 0 ? '−' : '+'} ${Math.abs(k)})${sup(n)} = ${range(0, n)
      .map((r) => `${sup(n)}C${sub(r)}(${base})${sup(n - r)}(${neg(k)})${sup(r)}`)
      .join(' + ')} = ${expansion} = ${inr(ans)}.`,
    { fmt: inr, min: 1 },
  );
};

G['gp-nth-term'] = (rng) => {
  const rr = pick(rng, [fr(2), fr(3), fr(-2), fr(-3), fr(1, 2), fr(-1, 2), fr(1, 3), fr(2, 3)]);
  const n = int(rng, 5, Math.abs(fval(rr)) >= 3 ? 7 : 9);
  const a = fr((coin(rng, 0.8) ? 1 : -1) * int(rng, 1, 6) * rr.d ** 2);
  const t = (k: number) => fmul(a, fpow(rr, k - 1));
  const ans = t(n);
  return fracChoice(
    rng,
    `Find the ${ord(n)} term of the GP: ${ffmt(t(1))}, ${ffmt(t(2))}, ${ffmt(t(3))}, …`,
    ans,
    [t(n + 1), t(n - 1), fmul(fr(-1), ans), fadd(a, fmul(fr(n - 1), rr))],
    `a = ${ffmt(a)} and r = ${ffmt(t(2))} ÷ ${ffmt(t(1))} = ${ffmt(rr)}. aₙ = a rⁿ⁻¹ = ${ffmt(a)} × (${ffmt(rr)})${sup(n - 1)} = ${ffmt(ans)}.`,
    false,
  );
};

G['gp-sum'] = (rng) => {
  const rr = pick(rng, [fr(2), fr(3), fr(-2), fr(4), fr(1, 2), fr(-3)]);
  const n = int(rng, 4, Math.abs(fval(rr)) >= 3 ? 6 : 8);
  const a = fr(int(rng, 1, 5) * (rr.d === 2 ? 2 ** (n - 1) : 1));
  const sum = (m: number) => fdiv(fmul(a, fsub(fpow(rr, m), fr(1))), fsub(rr, fr(1)));
  const t = (k: number) => fmul(a, fpow(rr, k - 1));
  const ans = sum(n);
  return fracChoice(
    rng,
    `Find the sum of the first ${n} terms of the GP: ${ffmt(t(1))}, ${ffmt(t(2))}, ${ffmt(t(3))}, …`,
    ans,
    [sum(n + 1), sum(n - 1), t(n), fmul(a, fsub(fpow(rr, n), fr(1)))],
    `a = ${ffmt(a)}, r = ${ffmt(rr)}. Sₙ = a(rⁿ − 1)/(r − 1) = ${ffmt(a)} × ((${ffmt(rr)})${sup(n)} − 1)/(${ffmt(rr)} − 1) = ${ffmt(ans)}.`,
    false,
  );
};

G['arithmetic-geometric-mean'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    let s = 0;
    let u = 0;
    let v = 0;
    do {
      s = int(rng, 1, 5);
      [u, v] = sample(rng, range(1, 6), 2) as [number, number];
    } while (Math.abs(u - v) < 1);
    const [a, b] = [s * u * u, s * v * v];
    const am = (a + b) / 2;
    const gm = s * u * v;
    const f = (x: number, y: number) => `AM = ${fmtAbs(x)}, GM = ${fmtAbs(y)}`;
    return choose(
      rng,
      `Find the arithmetic mean (AM) and the geometric mean (GM) of ${a} and ${b}.`,
      f(am, gm),
      [f(gm, am), f(a + b, a * b), f(am, a * b), f(am, gm + 1), f(am + 1, gm)],
      `AM = (${a} + ${b})/2 = ${fmtAbs(am)}. GM = √(${a} × ${b}) = √${a * b} = ${gm}. (Note AM ≥ GM.)`,
    );
  }
  if (kind === 1) {
    let s0 = 0;
    let u = 0;
    let v = 0;
    do {
      s0 = int(rng, 1, 4);
      [u, v] = sample(rng, range(1, 7), 2) as [number, number];
    } while ((s0 * (u * u + v * v)) % 2 !== 0);
    const [big, small] = [s0 * Math.max(u, v) ** 2, s0 * Math.min(u, v) ** 2];
    const am = (big + small) / 2;
    const gm = s0 * u * v;
    const f = (x: number, y: number) => `${x} and ${y}`;
    return choose(
      rng,
      `The arithmetic mean and the geometric mean of two positive numbers are ${am} and ${gm} respectively. Find the numbers.`,
      f(big, small),
      [
        f(am + gm, am - gm),
        f(2 * am, gm),
        f(am, gm),
        f(big + 1, small - 1 > 0 ? small - 1 : small + 2),
        f(big * 2, small * 2),
      ],
      `Let the numbers be a and b. (a + b)/2 = ${am} gives a + b = ${2 * am}; √(ab) = ${gm} gives ab = ${gm * gm}. So a and b are the roots of x² − ${2 * am}x + ${gm * gm} = 0, which are ${big} and ${small}.`,
    );
  }
  const a = int(rng, 1, 5) * (coin(rng, 0.8) ? 1 : -1);
  const r = pick(rng, [2, 3, -2, -3, 4]);
  const b = a * r ** 3;
  const f = (x: number, y: number) => `${neg(x)}, ${neg(y)}`;
  return choose(
    rng,
    `Insert two geometric means between ${neg(a)} and ${neg(b)}.`,
    f(a * r, a * r * r),
    [
      Number.isInteger((b - a) / 3) ? f(a + (b - a) / 3, a + (2 * (b - a)) / 3) : f(a * r * r, a * r ** 3),
      f(-a * r, a * r * r),
      f(a * r, -a * r * r),
      f(a * (r + 1), a * (r + 1) ** 2),
      f(a * r * r, a * r),
    ],
    `${neg(a)}, G₁, G₂, ${neg(b)} form a GP, so ${neg(b)} = ${neg(a)} × r³, giving r³ = ${neg(r ** 3)} and r = ${neg(r)}. G₁ = ${neg(a * r)}, G₂ = ${neg(a * r * r)}.`,
  );
};

// =============================================================================================
// Grade 12

type Mat = number[][];
const mat = (m: Mat): string => `[${m.map((row) => `[${row.map(neg).join(', ')}]`).join(', ')}]`;
const randMat = (rng: Rng, rows: number, cols: number, lo = -5, hi = 6): Mat =>
  range(1, rows).map(() => range(1, cols).map(() => int(rng, lo, hi)));
const matMul = (A: Mat, B: Mat): Mat =>
  A.map((row) => (B[0] ?? []).map((_, j) => row.reduce((s, x, k) => s + x * (B[k]?.[j] ?? 0), 0)));
const matComb = (p: number, A: Mat, q: number, B: Mat): Mat =>
  A.map((row, i) => row.map((x, j) => p * x + q * (B[i]?.[j] ?? 0)));
const transpose = (A: Mat): Mat => (A[0] ?? []).map((_, j) => A.map((row) => row[j] ?? 0));
const at = (A: Mat, i: number, j: number): number => A[i]?.[j] ?? 0;
const NOTE = '(Matrices are written row by row.)';

G['matrix-add-scalar'] = (rng) => {
  const A = randMat(rng, 2, 2);
  const B = randMat(rng, 2, 2);
  const p = pick(rng, [1, 2, 3]);
  const q = pick(rng, [1, 2, 3]) * (coin(rng) ? 1 : -1);
  if (p === 1 && Math.abs(q) === 1 && coin(rng)) return G['matrix-add-scalar']!(rng);
  const expr = `${p === 1 ? '' : p}A ${q < 0 ? '−' : '+'} ${Math.abs(q) === 1 ? '' : Math.abs(q)}B`;
  const ans = matComb(p, A, q, B);
  const slip = ans.map((row, i) => row.map((x, j) => (i === 1 && j === 0 ? x + 1 : x)));
  return choose(
    rng,
    `If A = ${mat(A)} and B = ${mat(B)}, find ${expr}. ${NOTE}`,
    mat(ans),
    [
      mat(matComb(p, A, -q, B)),
      mat(matComb(p, A, q * p, B)),
      mat(matComb(1, A, q, B)),
      mat(matComb(p, A, Math.sign(q), B)),
      mat(slip),
      mat(matComb(p, B, q, A)),
      mat(matComb(Math.abs(q), A, Math.sign(q) * p, B)),
      mat(matComb(-p, A, q, B)),
      mat(ans.map((row, i) => row.map((x, j) => (i === 0 && j === 1 ? x - 2 : x)))),
    ],
    `Multiply every entry of A by ${p} and every entry of B by ${neg(q)}, then add corresponding entries: ${expr} = ${mat(ans)}.`,
  );
};

G['matrix-multiply'] = (rng) => {
  const column = coin(rng, 0.35);
  let A: Mat;
  let B: Mat;
  do {
    A = randMat(rng, 2, 2, -3, 4);
    B = randMat(rng, 2, column ? 1 : 2, -3, 4);
  } while (A.flat().filter((x) => x === 0).length > 1 || B.flat().filter((x) => x === 0).length > (column ? 0 : 1));
  const ans = matMul(A, B);
  const wrong = column
    ? [
        matMul(transpose(A), B),
        A.map((row, i) => [row.reduce((s, x) => s + x, 0) * at(B, i, 0)]),
        ans.map((r) => r.map((x) => -x)),
        [[at(ans, 1, 0)], [at(ans, 0, 0)]],
        [[at(ans, 0, 0)], [at(ans, 1, 0) + 1]],
        [[at(ans, 0, 0) - 2], [at(ans, 1, 0)]],
      ]
    : [
        matMul(B, A),
        A.map((row, i) => row.map((x, j) => x * at(B, i, j))),
        matMul(transpose(A), B),
        matMul(A, transpose(B)),
        ans.map((row, i) => row.map((x, j) => (i === 0 && j === 1 ? x + 2 : x))),
      ];
  return choose(
    rng,
    `If A = ${mat(A)} and B = ${mat(B)}, find AB. ${NOTE}`,
    mat(ans),
    wrong.map(mat),
    `Entry (i, j) of AB = row i of A · column j of B. For example, entry (1, 1) = ${par(at(A, 0, 0))} × ${par(at(B, 0, 0))} + ${par(at(A, 0, 1))} × ${par(at(B, 1, 0))} = ${neg(at(ans, 0, 0))}. AB = ${mat(ans)}.`,
  );
};

const det2 = (A: Mat): number => at(A, 0, 0) * at(A, 1, 1) - at(A, 0, 1) * at(A, 1, 0);
G['determinant-2x2'] = (rng) => {
  if (coin(rng, 0.6)) {
    const A = randMat(rng, 2, 2, -6, 9);
    const [a, b, c, d] = [at(A, 0, 0), at(A, 0, 1), at(A, 1, 0), at(A, 1, 1)];
    const D = det2(A);
    return numChoice(
      rng,
      `Find the determinant of the matrix ${mat(A)}. ${NOTE}`,
      D,
      [a * d + b * c, b * c - a * d, a * b - c * d, a * c - b * d],
      `For [[a, b], [c, d]], the determinant is ad − bc = ${par(a)} × ${par(d)} − ${par(b)} × ${par(c)} = ${neg(a * d)} − ${par(b * c)} = ${neg(D)}.`,
      { min: -Infinity },
    );
  }
  let b = 0;
  let c = 0;
  let d = 0;
  do {
    b = nz(rng, -6, 8);
    c = nz(rng, -6, 8);
    d = nz(rng, -6, 8);
  } while ((b * c) % d !== 0);
  const x = (b * c) / d;
  return numChoice(
    rng,
    `For what value of x is the matrix [[x, ${neg(b)}], [${neg(c)}, ${neg(d)}]] singular? ${NOTE}`,
    x,
    [-x, b * c * d, b + c - d, (b * c) / -d === x ? x + 1 : x * 2, d - b * c],
    `A matrix is singular when its determinant is 0: x × ${par(d)} − ${par(b)} × ${par(c)} = 0, so ${neg(d)}x = ${neg(b * c)} and x = ${neg(x)}.`,
    { min: -Infinity },
  );
};

function det3(A: Mat): number {
  const m = (i: number, j: number) => at(A, i, j);
  return (
    m(0, 0) * (m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1)) -
    m(0, 1) * (m(1, 0) * m(2, 2) - m(1, 2) * m(2, 0)) +
    m(0, 2) * (m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0))
  );
}
G['determinant-3x3'] = (rng) => {
  const A = randMat(rng, 3, 3, -3, 4);
  const m = (i: number, j: number) => at(A, i, j);
  const [c1, c2, c3] = [
    m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1),
    m(1, 0) * m(2, 2) - m(1, 2) * m(2, 0),
    m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0),
  ];
  const D = det3(A);
  return numChoice(
    rng,
    `Evaluate the determinant of the matrix ${mat(A)}. ${NOTE}`,
    D,
    [
      m(0, 0) * c1 + m(0, 1) * c2 + m(0, 2) * c3,
      m(0, 0) * m(1, 1) * m(2, 2),
      -D,
      m(0, 0) * c1 - m(0, 1) * c2 - m(0, 2) * c3,
    ],
    `Expand along the first row: ${par(m(0, 0))} × ${par(c1)} − ${par(m(0, 1))} × ${par(c2)} + ${par(m(0, 2))} × ${par(c3)} = ${neg(m(0, 0) * c1)} − ${par(m(0, 1) * c2)} + ${par(m(0, 2) * c3)} = ${neg(D)}.`,
    { min: -Infinity },
  );
};

G['inverse-2x2'] = (rng) => {
  let A: Mat;
  do A = randMat(rng, 2, 2, -5, 7);
  while (Math.abs(det2(A)) !== 1 || A.flat().filter((x) => x === 0).length > 1);
  const D = det2(A);
  const [a, b, c, d] = [at(A, 0, 0), at(A, 0, 1), at(A, 1, 0), at(A, 1, 1)];
  const adj = [
    [d, -b],
    [-c, a],
  ];
  const inv = adj.map((row) => row.map((x) => x * D));
  const scale = (M: Mat, k: number) => M.map((row) => row.map((x) => x * k));
  return choose(
    rng,
    `Find the inverse of the matrix A = ${mat(A)}. ${NOTE}`,
    mat(inv),
    [
      mat(scale(adj, -D)),
      mat(
        scale(
          [
            [d, b],
            [c, a],
          ],
          D,
        ),
      ),
      mat(
        scale(
          [
            [a, -b],
            [-c, d],
          ],
          D,
        ),
      ),
      mat(transpose(A)),
      mat(
        scale(
          [
            [-d, b],
            [c, -a],
          ],
          -D,
        ),
      ),
      mat(scale(inv, -1).map((row, i) => (i === 0 ? row : row.map((x) => -x)))),
    ],
    `|A| = ${par(a)} × ${par(d)} − ${par(b)} × ${par(c)} = ${neg(D)}. adj A = [[d, −b], [−c, a]] = ${mat(adj)}. A⁻¹ = (1/|A|) adj A = ${mat(inv)}. Check: A × A⁻¹ = I.`,
  );
};

G['derivative-polynomial'] = (rng) => {
  const deg = int(rng, 2, 4);
  const c = randomPoly(rng, deg, int(rng, 1, 5));
  const dc = c.slice(1).map((k, i) => k * (i + 1));
  if (coin(rng, 0.6)) {
    const notReduced = c.map((k, i) => k * i);
    const notMultiplied = c.slice(1);
    const keptConst = [c[0] ?? 0, ...dc.slice(1)];
    keptConst[0] = (dc[0] ?? 0) + (c[0] ?? 0);
    return choose(
      rng,
      `If f(x) = ${poly(c)}, find f′(x).`,
      poly(dc),
      [
        poly(notReduced),
        poly(notMultiplied),
        poly(keptConst),
        poly(dc.map((k, i) => (i === dc.length - 1 ? -k : k))),
        poly(c.slice(1).map((k, i) => k * (i + 2))),
      ],
      `Differentiate term by term using d/dx(xⁿ) = nxⁿ⁻¹; the derivative of a constant is 0. f′(x) = ${poly(dc)}.`,
    );
  }
  const v = nz(rng, -3, 3);
  const ans = evalPoly(dc, v);
  return numChoice(
    rng,
    `If f(x) = ${poly(c)}, find f′(${neg(v)}).`,
    ans,
    [
      evalPoly(c, v),
      evalPoly(dc, -v),
      evalPoly(
        c.map((k, i) => k * i),
        v,
      ),
      ans + (c[1] ?? 1),
    ],
    `f′(x) = ${poly(dc)}. f′(${neg(v)}) = ${subst(dc, v)} = ${neg(ans)}.`,
    { min: -Infinity },
  );
};

const powText = (base: string, n: number): string => (n === 1 ? base : `${base}${sup(n)}`);
G['chain-rule'] = (rng) => {
  const kind = int(rng, 0, 2);
  if (kind === 0) {
    const a = int(rng, 2, 6);
    const b = nz(rng, -9, 9);
    const n = int(rng, 3, 8);
    const inner = `(${terms([
      [a, 'x'],
      [b, ''],
    ])})`;
    return choose(
      rng,
      `Differentiate y = ${powText(inner, n)} with respect to x.`,
      `${n * a}${powText(inner, n - 1)}`,
      [
        `${n}${powText(inner, n - 1)}`,
        `${n * a}${powText(inner, n)}`,
        `${a}${powText(inner, n - 1)}`,
        `${n * a * (n - 1)}${powText(inner, n - 2)}`,
      ],
      `Chain rule: d/dx[u${sup(n)}] = ${n}u${sup(n - 1)} × du/dx with u = ${inner.slice(1, -1)} and du/dx = ${a}. So dy/dx = ${n} × ${a}${powText(inner, n - 1)} = ${n * a}${powText(inner, n - 1)}.`,
    );
  }
  if (kind === 1) {
    const cc = nz(rng, -9, 9);
    const n = int(rng, 2, 6);
    const inner = `(${terms([
      [1, 'x²'],
      [cc, ''],
    ])})`;
    return choose(
      rng,
      `Differentiate y = ${powText(inner, n)} with respect to x.`,
      `${2 * n}x${powText(inner, n - 1)}`,
      [
        `${n}${powText(inner, n - 1)}`,
        `${2 * n}${powText(inner, n - 1)}`,
        `${2 * n}x${powText(inner, n)}`,
        `${n}x${powText(inner, n - 1)}`,
      ],
      `Chain rule with u = ${inner.slice(1, -1)}, du/dx = 2x: dy/dx = ${n}u${sup(n - 1)} × 2x = ${2 * n}x${powText(inner, n - 1)}.`,
    );
  }
  let a = 0;
  let b = 0;
  let v = 0;
  do {
    a = nz(rng, -4, 4);
    b = nz(rng, -6, 6);
    v = int(rng, -3, 3);
  } while (Math.abs(a * v + b) > 4 || a * v + b === 0);
  const n = int(rng, 2, 4);
  const u = a * v + b;
  const ans = n * a * u ** (n - 1);
  const inner = `(${terms([
    [a, 'x'],
    [b, ''],
  ])})`;
  return numChoice(
    rng,
    `If y = ${powText(inner, n)}, find dy/dx at x = ${neg(v)}.`,
    ans,
    [n * u ** (n - 1), n * a * u ** n, a * u ** (n - 1), -ans],
    `dy/dx = ${n} × ${par(a)} × ${powText(inner, n - 1)}. At x = ${neg(v)}, ${inner.slice(1, -1)} = ${neg(u)}, so dy/dx = ${neg(n * a)} × ${par(u)}${n - 1 > 1 ? sup(n - 1) : ''} = ${neg(ans)}.`,
    { min: -Infinity },
  );
};

G['continuity-find-k'] = (rng) => {
  const kind = int(rng, 0, 2);
  const p = nz(rng, -4, 4);
  const lead = `Find the value of k for which the function`;
  if (kind === 0) {
    const k = nz(rng, -6, 6);
    const b = int(rng, -9, 9);
    const m = nz(rng, -5, 5);
    const c = k * p + b - m * p;
    return fracChoice(
      rng,
      `${lead} f(x) = ${terms([
        [1, 'kx'],
        [b, ''],
      ])} if x ≤ ${neg(p)}, and f(x) = ${poly([c, m])} if x > ${neg(p)}, is continuous at x = ${neg(p)}.`,
      fr(k),
      [fr(m * p + c + b, p), fr(m * p + c - b), fr(m * p + c, p), fr(-k)],
      `For continuity at x = ${neg(p)}, the two pieces must agree there: k × ${par(p)} ${b < 0 ? '−' : '+'} ${Math.abs(b)} = ${par(m)} × ${par(p)} ${c < 0 ? '−' : '+'} ${Math.abs(c)} = ${neg(m * p + c)}. So ${neg(p)}k = ${neg(m * p + c - b)} and k = ${neg(k)}.`,
      false,
    );
  }
  if (kind === 1) {
    const c = nz(rng, -9, 9);
    const ans = fr(c, p * p);
    return fracChoice(
      rng,
      `${lead} f(x) = kx² if x ≤ ${neg(p)}, and f(x) = ${neg(c)} if x > ${neg(p)}, is continuous at x = ${neg(p)}.`,
      ans,
      [fr(c, p), fr(c * p * p), fr(p * p, c), fr(c, 2 * p)],
      `Continuity at x = ${neg(p)} needs k × ${par(p)}² = ${neg(c)}, i.e. ${p * p}k = ${neg(c)}, so k = ${ffmt(ans)}.`,
      false,
    );
  }
  return numChoice(
    rng,
    `${lead} f(x) = (x² − ${p * p})/(${terms([
      [1, 'x'],
      [-p, ''],
    ])}) if x ≠ ${neg(p)}, and f(x) = k if x = ${neg(p)}, is continuous at x = ${neg(p)}.`,
    2 * p,
    [p, 0, p * p, -2 * p],
    `For x ≠ ${neg(p)}, (x² − ${p * p})/(${terms([
      [1, 'x'],
      [-p, ''],
    ])}) = x ${p < 0 ? '−' : '+'} ${Math.abs(p)}, which tends to ${neg(2 * p)} as x → ${neg(p)}. Continuity needs k = ${neg(2 * p)}.`,
    { min: -Infinity },
  );
};

G['indefinite-integral-polynomial'] = (rng) => {
  let c: number[];
  do c = range(0, int(rng, 2, 3)).map((k) => int(rng, -4, 4) * (k + 1));
  while ((c[c.length - 1] ?? 0) === 0 || c.filter((x) => x !== 0).length < 2);
  const integral = [0, ...c.map((k, i) => k / (i + 1))];
  const withC = (s: string) => `${s} + C`;
  const noDivide = [0, ...c];
  const constSlip = [c[0] ?? 0, ...c.slice(1).map((k, i) => k / (i + 2))];
  return choose(
    rng,
    `Find ∫(${poly(c)}) dx.`,
    withC(poly(integral)),
    [
      withC(poly(c.slice(1).map((k, i) => k * (i + 1)))),
      withC(poly(noDivide)),
      withC(poly(constSlip)),
      withC(poly([0, ...c.map((k, i) => k / (i + 2))])),
    ],
    `Integrate term by term with ∫xⁿ dx = xⁿ⁺¹/(n + 1) + C: ${c
      .map((k, i) => [k, i] as const)
      .filter(([k]) => k !== 0)
      .reverse()
      .map(
        ([k, i]) =>
          `∫${poly(range(0, i).map((j) => (j === i ? k : 0)))} dx = ${poly(range(0, i + 1).map((j) => (j === i + 1 ? k / (i + 1) : 0)))}`,
      )
      .join('; ')}. So the answer is ${withC(poly(integral))}.`,
  );
};

const antideriv = (c: number[]): Fr[] => [fr(0), ...c.map((k, i) => fr(k, i + 1))];
const evalFr = (c: Fr[], x: number): Fr => c.reduce((s, k, i) => fadd(s, fmul(k, fr(x ** i))), fr(0));
G['definite-integral-polynomial'] = (rng) => {
  if (coin(rng, 0.6)) {
    let c: number[];
    do c = range(0, int(rng, 1, 3)).map(() => int(rng, -3, 4));
    while ((c[c.length - 1] ?? 0) === 0);
    const l = int(rng, -2, 2);
    const u = l + int(rng, 1, 3);
    const F = antideriv(c);
    const ans = fsub(evalFr(F, u), evalFr(F, l));
    return fracChoice(
      rng,
      `Evaluate the definite integral of ${poly(c)} from x = ${neg(l)} to x = ${neg(u)}, that is ∫${sub(l)}${sup(u)} (${poly(c)}) dx.`,
      ans,
      [
        evalFr(F, u),
        fsub(evalFr(F, l), evalFr(F, u)),
        fr(evalPoly(c, u) - evalPoly(c, l)),
        fadd(evalFr(F, u), evalFr(F, l)),
      ],
      `An antiderivative is F(x) = ${polyFr(F)}. The integral is F(${neg(u)}) − F(${neg(l)}) = ${ffmt(evalFr(F, u))} − ${bracketFr(evalFr(F, l))} = ${ffmt(ans)}.`,
      false,
    );
  }
  const kind = int(rng, 0, 2);
  let c: number[];
  let l: number;
  if (kind === 0) {
    c = [int(rng, 0, 5), 0, int(rng, 1, 3)];
    l = int(rng, -2, 2);
  } else if (kind === 1) {
    c = [int(rng, 1, 6), int(rng, 1, 4)];
    l = int(rng, 0, 3);
  } else {
    c = [0, 0, 0, 1];
    l = int(rng, 0, 2);
  }
  const u = l + int(rng, 1, 3);
  const F = antideriv(c);
  const ans = fsub(evalFr(F, u), evalFr(F, l));
  return fracChoice(
    rng,
    `Find the area of the region bounded by the curve y = ${poly(c)}, the x-axis and the lines x = ${neg(l)} and x = ${neg(u)}.`,
    ans,
    [evalFr(F, u), fr(evalPoly(c, u) - evalPoly(c, l)), fadd(evalFr(F, u), evalFr(F, l)), fr(evalPoly(c, u) * (u - l))],
    `The curve is above the x-axis on this interval, so Area = ∫ from ${neg(l)} to ${neg(u)} of (${poly(c)}) dx. With F(x) = ${polyFr(F)}: F(${neg(u)}) − F(${neg(l)}) = ${ffmt(evalFr(F, u))} − ${bracketFr(evalFr(F, l))} = ${ffmt(ans)} square units.`,
  );
};

const DIE_EVENTS: [string, (x: number) => boolean][] = [
  ['even', (x) => x % 2 === 0],
  ['odd', (x) => x % 2 === 1],
  ['a prime number', (x) => isPrime(x)],
  ['a multiple of 3', (x) => x % 3 === 0],
  ['greater than 2', (x) => x > 2],
  ['greater than 3', (x) => x > 3],
  ['greater than 4', (x) => x > 4],
  ['less than 3', (x) => x < 3],
  ['less than 4', (x) => x < 4],
  ['less than 5', (x) => x < 5],
];
G['conditional-probability'] = (rng) => {
  if (coin(rng)) {
    for (;;) {
      const [[an, af], [bn, bf]] = sample(rng, DIE_EVENTS, 2) as [
        [string, (x: number) => boolean],
        [string, (x: number) => boolean],
      ];
      const B = range(1, 6).filter(bf);
      const AB = B.filter(af);
      const A = range(1, 6).filter(af);
      if (AB.length === 0 || B.length < 2) continue;
      const ans = fr(AB.length, B.length);
      return fracChoice(
        rng,
        `A fair die is thrown. Given that the number that comes up is ${bn}, what is the probability that it is ${an}?`,
        ans,
        [fr(AB.length, 6), fr(A.length, 6), fr(AB.length, A.length), fr(B.length, 6)],
        `Given "${bn}", the possible outcomes are ${setText(B)}. Of these, ${setText(AB)} ${AB.length === 1 ? 'is' : 'are'} ${an}. P = ${AB.length}/${B.length} = ${ffmt(ans)}.`,
      );
    }
  }
  const d = pick(rng, [5, 6, 8, 10, 11, 12, 13, 15, 20]);
  const nab = int(rng, 1, Math.floor(d / 3));
  const na = nab + int(rng, 1, Math.floor(d / 3));
  const nb = nab + int(rng, 1, Math.max(1, d - na - 1));
  if (na + nb - nab > d) return G['conditional-probability']!(rng);
  const givenB = coin(rng);
  const ans = fr(nab, givenB ? nb : na);
  return fracChoice(
    rng,
    `If P(A) = ${ffmt(fr(na, d))}, P(B) = ${ffmt(fr(nb, d))} and P(A ∩ B) = ${ffmt(fr(nab, d))}, find ${givenB ? 'P(A|B)' : 'P(B|A)'}.`,
    ans,
    [fr(nab, d), fr(nab, givenB ? na : nb), fr(na * nb, d * d), fr(givenB ? na : nb, d)],
    `${givenB ? 'P(A|B) = P(A ∩ B)/P(B)' : 'P(B|A) = P(A ∩ B)/P(A)'} = (${ffmt(fr(nab, d))}) ÷ (${ffmt(fr(givenB ? nb : na, d))}) = ${ffmt(ans)}.`,
  );
};

G['independent-events'] = (rng) => {
  const p = properFraction(rng, 6);
  const q = properFraction(rng, 6);
  const one = fr(1);
  const both = fmul(p, q);
  const union = fsub(fadd(p, q), both);
  const neither = fmul(fsub(one, p), fsub(one, q));
  const onlyA = fmul(p, fsub(one, q));
  const pool = [both, union, neither, onlyA, fadd(p, q), fsub(one, both)].filter((f) => f.n > 0 && f.n <= f.d);
  if (coin(rng, 0.35)) {
    const [p1, p2] = twoPeople(rng);
    const hit = coin(rng);
    const ans = hit ? union : both;
    return fracChoice(
      rng,
      `The probability that ${p1.name} hits a target is ${ffmt(p)} and the probability that ${p2.name} hits it is ${ffmt(q)}. They shoot independently. What is the probability that ${hit ? 'the target is hit (by at least one of them)' : 'both of them hit the target'}?`,
      ans,
      pool,
      hit
        ? `P(hit) = 1 − P(both miss) = 1 − (1 − ${ffmt(p)})(1 − ${ffmt(q)}) = 1 − ${ffmt(neither)} = ${ffmt(ans)}.`
        : `For independent events, P(both) = ${ffmt(p)} × ${ffmt(q)} = ${ffmt(ans)}.`,
    );
  }
  const kind = int(rng, 0, 3);
  const [label, ans, why] = (
    [
      ['P(A ∩ B)', both, `For independent events, P(A ∩ B) = P(A) × P(B) = ${ffmt(p)} × ${ffmt(q)} = ${ffmt(both)}.`],
      [
        'P(A ∪ B)',
        union,
        `P(A ∪ B) = P(A) + P(B) − P(A)P(B) = ${ffmt(p)} + ${ffmt(q)} − ${ffmt(both)} = ${ffmt(union)}.`,
      ],
      [
        'P(neither A nor B)',
        neither,
        `A′ and B′ are also independent: P(A′ ∩ B′) = (1 − ${ffmt(p)})(1 − ${ffmt(q)}) = ${ffmt(neither)}.`,
      ],
      [
        'P(A and not B)',
        onlyA,
        `A and B′ are independent: P(A ∩ B′) = ${ffmt(p)} × (1 − ${ffmt(q)}) = ${ffmt(onlyA)}.`,
      ],
    ] as [string, Fr, string][]
  )[kind] as [string, Fr, string];
  return fracChoice(
    rng,
    `A and B are independent events with P(A) = ${ffmt(p)} and P(B) = ${ffmt(q)}. Find ${label}.`,
    ans,
    pool,
    why,
  );
};

// =============================================================================================

/** Every maths generator by name; curriculum topics refer to these names. */
export const MATHS_GENERATORS: Record<string, (rng: Rng) => GeneratedQuestion> = G;

/**
 * `count` questions from one generator, with distinct texts. Throws on an unknown generator name,
 * or when the generator cannot produce enough different questions within a bounded number of tries.
 */
export function generateQuestions(generator: string, rng: Rng, count: number): GeneratedQuestion[] {
  const gen = MATHS_GENERATORS[generator];
  if (!gen) throw new Error(`Unknown maths generator: ${generator}`);
  const out: GeneratedQuestion[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 100; tries++) {
    const q = gen(rng);
    if (seen.has(q.text)) continue;
    seen.add(q.text);
    out.push(q);
  }
  if (out.length < count)
    throw new Error(`Generator ${generator} produced only ${out.length} distinct questions of ${count}`);
  return out;
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same sequence, uniform in [0, 1). */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
