// vite.config.ts tells the bundler that the modules of src/core and src/server run nothing when
// imported (treeshake.moduleSideEffects), so a module that only a lazy chunk uses leaves the first
// view even though the core's entry re-exports it. That holds while no file there has a top-level
// statement that does something (a call, an assignment, a loop): this test keeps it so.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** The top-level statements of a module that run code when it is imported (declarations, imports and exports do not). */
function importTimeEffects(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const quiet = (s: ts.Statement): boolean =>
    ts.isImportDeclaration(s) ||
    ts.isImportEqualsDeclaration(s) ||
    ts.isExportDeclaration(s) ||
    ts.isFunctionDeclaration(s) ||
    ts.isClassDeclaration(s) ||
    ts.isInterfaceDeclaration(s) ||
    ts.isTypeAliasDeclaration(s) ||
    ts.isEnumDeclaration(s) ||
    ts.isModuleDeclaration(s) ||
    ts.isVariableStatement(s) ||
    ts.isEmptyStatement(s) ||
    (ts.isExportAssignment(s) && !s.isExportEquals);
  return source.statements.filter((s) => !quiet(s)).map((s) => `${fileName}:${source.getLineAndCharacterOfPosition(s.getStart()).line + 1}: ${s.getText().slice(0, 60)}`);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("src/core and src/server run nothing when imported", () => {
  it("finds a top-level call, assignment or branch", () => {
    const text = "import { x } from './x';\nexport const a = 1;\nx();\nglobalThis.y = 2;\nif (a) a;\nfunction f() {}\n";
    expect(importTimeEffects("m.ts", text).map((e) => e.split(": ")[0])).toEqual(["m.ts:3", "m.ts:4", "m.ts:5"]);
  });

  it("finds none in their files", () => {
    const found = ["src/core", "src/server"].flatMap(sources).flatMap((f) => importTimeEffects(f, readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });
});
