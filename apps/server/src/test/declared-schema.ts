import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The broad run-time shape of a value, as the drivers hand it over (see db/database.ts). */
export type ValueKind = 'text' | 'number' | 'boolean' | 'timestamp' | 'json' | 'text[]' | 'number[]' | 'boolean[]';

/** One column as db/schema.ts declares it, read the way Kysely reads ColumnType<S, I, U>. */
export interface DeclaredColumn {
  /** The kinds of the select type, null left out: exactly one when the declaration is sound. */
  kinds: ValueKind[];
  /** The select type admits null. */
  isNullable: boolean;
  /** An insert may leave it out (Generated<>, or an insert type with undefined). */
  isInsertOptional: boolean;
  /** Never written by the application (insert type never): the database fills it. */
  isInsertNever: boolean;
  /** The select type is a union of string literals only: those literals; otherwise null. */
  literals: string[] | null;
}

/** Table name -> column name -> declaration. */
export type DeclaredSchema = Map<string, Map<string, DeclaredColumn>>;

const SCHEMA_FILE = fileURLToPath(new URL('../db/schema.ts', import.meta.url));

/**
 * Reads db/schema.ts with the TypeScript checker: the properties of its `DB` interface are the
 * tables, and each table interface's properties are the columns. Types are resolved, not matched as
 * text, so aliases (Timestamp, Json<T>) and vocabularies imported from @ki/domain or @ki/contracts
 * are seen as Kysely sees them.
 */
export function readDeclaredSchema(file = SCHEMA_FILE): DeclaredSchema {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const dbSymbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'DB');
  if (!dbSymbol) throw new Error(`${file} exports no DB interface`);
  const dbType = checker.getDeclaredTypeOfSymbol(dbSymbol);

  const typeOfProperty = (property: ts.Symbol) => checker.getTypeOfSymbol(property);
  const schema: DeclaredSchema = new Map();
  for (const table of checker.getPropertiesOfType(dbType)) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(typeOfProperty(table))) {
      columns.set(column.name, declaredColumn(checker, typeOfProperty(column)));
    }
    schema.set(table.name, columns);
  }
  return schema;
}

/** Kysely's SelectType / InsertType: distributive over the union, ColumnType<S, I, U> or T itself. */
function declaredColumn(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn {
  const select: ts.Type[] = [];
  const insert: ts.Type[] = [];
  for (const part of constituents(type)) {
    const selectPart = part.getProperty('__select__');
    const insertPart = part.getProperty('__insert__');
    if (selectPart && insertPart) {
      select.push(...constituents(checker.getTypeOfSymbol(selectPart)));
      insert.push(...constituents(checker.getTypeOfSymbol(insertPart)));
    } else {
      select.push(part);
      insert.push(part);
    }
  }
  const isNull = (t: ts.Type) => (t.flags & ts.TypeFlags.Null) !== 0;
  const isUndefined = (t: ts.Type) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
  const values = select.filter((t) => !isNull(t) && !isUndefined(t));
  const kinds = [...new Set(values.map((t) => kindOf(checker, t)))].sort();
  const literals = values.every((t) => t.isStringLiteral())
    ? values.map((t) => (t as ts.StringLiteralType).value).sort()
    : null;
  return {
    kinds,
    isNullable: select.some(isNull),
    isInsertOptional: insert.some(isUndefined),
    isInsertNever: insert.every((t) => (t.flags & ts.TypeFlags.Never) !== 0),
    literals: literals && literals.length > 0 ? literals : null,
  };
}

function constituents(type: ts.Type): ts.Type[] {
  // `boolean` is the union true | false: keep it whole, it is one kind.
  if (type.isUnion() && !(type.flags & ts.TypeFlags.Boolean)) return type.types;
  return [type];
}

function kindOf(checker: ts.TypeChecker, type: ts.Type): ValueKind {
  const flags = type.flags;
  if (flags & ts.TypeFlags.StringLike) return 'text';
  if (flags & ts.TypeFlags.NumberLike) return 'number';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.getSymbol()?.name === 'Date') return 'timestamp';
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    const elementKind = element && kindOf(checker, element);
    if (elementKind === 'text' || elementKind === 'number' || elementKind === 'boolean') return `${elementKind}[]`;
  }
  // Objects, arrays of objects, unknown: stored as json(b), declared with Json<T>.
  return 'json';
}
