import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sourceFiles } from '../utils/sourceFiles';

/**
 * A message is read where it is used, never while a module loads: a page's catalog part may
 * arrive after the modules that name its messages (the dashboard's chunk before the labels), and
 * a message read then is only a branch of the tree, which a list built from it keeps (a Select's
 * option labelled with a branch broke the document-request dialog). Keeping a branch in a
 * constant (`const c = copy.hero`, `{ labels: DOCUMENT_LABELS }`) is fine: it is read through later.
 *
 * This reads the source: at a module's top level (outside functions, getters and methods, but
 * inside callbacks that array methods run at once), every read of a message tree must be a plain
 * `a.b.c` that initialises a constant or an object's property.
 */

const ROOT = resolve('src');

/** The source, without the catalogs' text files (`<name>.en.ts`, `<name>.fil.ts`). */
const files = sourceFiles(ROOT).filter((file) => !/\.(en|fil)\.ts$/.test(file));

/** The trees (`export const copy = messageTree<...>(...)`) and the constants that alias their branches. */
function treeNames(): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+)\b[^=]*= messageTree</g)) names.add(match[1]!);
  }
  // Exported aliases of a tree's branches (`DOCUMENT_LABELS = labels.document`), to a fixed point.
  for (let grown = true; grown; ) {
    grown = false;
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+)\b[^=]*= (\w+)\./g)) {
        if (names.has(match[2]!) && !names.has(match[1]!)) {
          names.add(match[1]!);
          grown = true;
        }
      }
    }
  }
  return names;
}

/** Array methods and helpers that run their callback at once. */
const EAGER = new Set(['map', 'flatMap', 'filter', 'forEach', 'reduce', 'some', 'every', 'find', 'findIndex', 'sort', 'toSorted', 'fromEntries']);

function runsAtOnce(fn: ts.Node): boolean {
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression)) return false;
  const callee = call.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  return EAGER.has(name);
}

/** The outermost `a.b[c].d(...)` around a tree's identifier. */
function wholeRead(identifier: ts.Identifier): ts.Expression {
  let node: ts.Expression = identifier;
  for (;;) {
    const parent = node.parent;
    if ((ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === node) node = parent;
    else if (ts.isCallExpression(parent) && parent.expression === node) node = parent;
    else return node;
  }
}

function isPlainChain(node: ts.Expression): boolean {
  while (ts.isPropertyAccessExpression(node)) node = node.expression;
  return ts.isIdentifier(node);
}

function topLevelReads(file: string, names: Set<string>): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node) || ts.isClassDeclaration(node)) return;
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && !runsAtOnce(node)) return;
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isIdentifier(node) && names.has(node.text)) {
      const parent = node.parent;
      const isName = (ts.isPropertyAccessExpression(parent) || ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isParameter(parent)) && parent.name === node;
      if (!isName) {
        const read = wholeRead(node);
        const keptAsBranch = isPlainChain(read) && (ts.isVariableDeclaration(read.parent) || ts.isPropertyAssignment(read.parent)) && read.parent.initializer === read;
        if (!keptAsBranch) {
          const { line } = source.getLineAndCharacterOfPosition(read.getStart());
          found.push(`${relative(process.cwd(), file)}:${line + 1}: ${read.parent.getText().slice(0, 100)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

describe('messages and module loading', () => {
  const names = treeNames();

  it('finds the message trees and their aliases (the check below is not vacuous)', () => {
    expect([...names]).toEqual(expect.arrayContaining(['messages', 'labels', 'copy', 'DOCUMENT_LABELS', 'PAYMENT_METHOD_LABELS']));
  });

  it('finds a read made while a module loads', () => {
    const text = "import { DOCUMENT_LABELS, labels } from './labels';\nexport const a = ['photoId1Url'].map((f) => DOCUMENT_LABELS[f]);\nexport const b = { ...labels.deliveryArea };\nexport const c = labels.deliveryArea;\nexport const d = () => labels.deliveryArea.bani;\n";
    // A module outside src's listing, read by the same function.
    const folder = mkdtempSync(join(tmpdir(), 'i18n-probe-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const temporary = join(folder, 'probe.ts');
    writeFileSync(temporary, text);
    expect(topLevelReads(temporary, names).map((line) => line.replace(/^[^:]+:/, ''))).toEqual([
      expect.stringMatching(/^2: /),
      expect.stringMatching(/^3: /),
    ]);
  });

  it('reads no message at any module’s top level', () => {
    expect(files.flatMap((file) => topLevelReads(file, names))).toEqual([]);
  });
});
