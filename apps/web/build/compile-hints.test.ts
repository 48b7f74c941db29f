import { SourceMapConsumer, SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  COMPILE_HINT_MIN_BYTES,
  shiftMapFile,
  shiftMappings,
  wantsCompileHint,
  withCompileHint,
} from './compile-hints';

/** A two-line chunk whose `run` (line 2, column 9 of the output) comes from line 7 of page.ts. */
function chunk() {
  const code = 'const a=1;\nfunction run(){return a}\n';
  const generator = new SourceMapGenerator({ file: 'page.js' });
  generator.addMapping({
    source: 'page.ts',
    original: { line: 7, column: 16 },
    generated: { line: 2, column: 9 },
    name: 'run',
  });
  return { code, map: generator.toJSON() };
}

describe('compile hints', () => {
  it("puts V8's magic comment on the chunk's first line, as Chrome requires", () => {
    const code = withCompileHint(chunk().code);
    expect(code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(code.slice(COMPILE_HINT.length)).toBe(chunk().code);
  });

  it('moves the source map down by the added line, so each position still finds its source', () => {
    const { code, map } = chunk();
    const hinted = withCompileHint(code);
    const at = hinted.split('\n')[2]!.indexOf('run');
    const shifted = { ...map, mappings: shiftMappings(map.mappings) };
    expect(new SourceMapConsumer(shifted).originalPositionFor({ line: 3, column: at })).toMatchObject({
      source: 'page.ts',
      line: 7,
      column: 16,
      name: 'run',
    });
    // A map file's text is moved the same way, and keeps its other fields.
    const file = JSON.parse(shiftMapFile(JSON.stringify(map)));
    expect(new SourceMapConsumer(file).originalPositionFor({ line: 3, column: at })).toMatchObject({
      line: 7,
      name: 'run',
    });
    expect(file.sources).toEqual(['page.ts']);
  });

  it('leaves a map of nothing empty (a chunk of strings), which the browser tools would refuse shifted', () => {
    expect(shiftMappings('')).toBe('');
    expect(JSON.parse(shiftMapFile('{"version":3,"sources":[],"names":[],"mappings":""}')).mappings).toBe('');
  });

  it('marks chunks of 2 KB or more, once; smaller ones compile in a moment on demand', () => {
    expect(wantsCompileHint('x'.repeat(COMPILE_HINT_MIN_BYTES))).toBe(true);
    expect(wantsCompileHint('x'.repeat(COMPILE_HINT_MIN_BYTES - 1))).toBe(false);
    // Bytes, not characters: Devanagari strings weigh three bytes a letter.
    expect(wantsCompileHint('क'.repeat(Math.ceil(COMPILE_HINT_MIN_BYTES / 3)))).toBe(true);
    expect(wantsCompileHint(withCompileHint('x'.repeat(COMPILE_HINT_MIN_BYTES)))).toBe(false);
  });
});
