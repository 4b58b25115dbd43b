/**
 * Import circles in the app's own code (`npm run depcruise`; test/unit/architecture.test.ts runs the
 * same rule). Which folder may import which is ESLint's job (eslint.config.js); this file only
 * forbids circles, which no per-file lint rule can see.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module that reaches itself through its imports has no safe order to load in and cannot be understood or tested on its own. ' +
        'Move what both sides need into a third module that imports neither.',
      from: {},
      // Type-only imports count too: they erase at run time, but a circle of types still ties the
      // modules together, so neither can change or be read without the other.
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '\\.d\\.ts$'] },
    // Keep `import type` edges (TypeScript would drop them before the JavaScript is analysed).
    tsPreCompilationDeps: true,
    // Resolve through tsconfig so a path alias, if one is added, is followed like a relative path.
    tsConfig: { fileName: 'tsconfig.json' },
    skipAnalysisNotInRules: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
