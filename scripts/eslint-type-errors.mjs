// ESLint rule `eluent/type-errors`: the TypeScript compiler's errors for each linted file, taken from the
// program the type-aware rules have already built for it, so a fresh `npm test` type-checks every file once
// instead of building the same programs again in a separate `tsc` run (docs/testing.md). Options and global
// errors of a program are reported once, on the first of its files that is linted.
import ts from 'typescript';

const reportedPrograms = new WeakSet();

export const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: "The TypeScript compiler's errors, as `tsc` reports them for the file's project." },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program) return {};
    return {
      Program(node) {
        const sourceFile = services.esTreeNodeToTSNodeMap.get(node);
        const diagnostics = [
          ...program.getSyntacticDiagnostics(sourceFile),
          ...program.getSemanticDiagnostics(sourceFile),
        ];
        if (!reportedPrograms.has(program)) {
          reportedPrograms.add(program);
          diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          const at =
            diagnostic.file === sourceFile && diagnostic.start !== undefined
              ? sourceFile.getLineAndCharacterOfPosition(diagnostic.start)
              : { line: 0, character: 0 };
          context.report({
            loc: { line: at.line + 1, column: at.character },
            message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
          });
        }
      },
    };
  },
};
