/**
 * What no per-file lint rule can see (`npm run depcruise`; test/unit/architecture.test.ts runs the
 * same rules): import circles in the app's own code, and zod reached from the page. Which folder may
 * import which is ESLint's job (eslint.config.js).
 */

/** zod itself, wherever the package manager put it. */
const ZOD = '(^|/)node_modules/zod/';
/**
 * The shared modules that build schemas (they import zod) or gather them (the index modules). Any
 * other shared module is plain: it imports neither zod nor these, so a page can load it for a
 * constant or a pure helper without building a schema.
 */
const SCHEMA_MODULES =
  '^shared/(api/(account|audio|catalog|characters|common|errors|generations|index|keys|quotes|sandboxAdmin|uploads|voices)' +
  '|ipc/(appErrors|commands|downloadErrors|events|index|jobErrors|jobTitles|models|notices|scenes|spaces|updates))[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
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
    // The page never validates with zod, yet building every schema at load cost its start-up time.
    // This version's `reachable` follows type-only imports too, so the rule is two direct ones that
    // together leave no run-time path from the page to zod: the page reaches shared code only
    // through plain modules, and a plain module reaches only plain modules.
    {
      name: 'renderer-no-zod',
      severity: 'error',
      comment:
        'The page needs no schema at run time. Import the constant or helper from a plain shared module (limits.ts, operations.ts, ' +
        'optionValues.ts, voiceOptions.ts, sceneState.ts…), or move it into one; `import type` from a schema module is fine.',
      from: { path: '^renderer/' },
      to: { path: [ZOD, SCHEMA_MODULES], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'plain-shared-no-zod',
      severity: 'error',
      comment:
        'A shared module outside SCHEMA_MODULES is plain, so the page may load it: keep zod and the schema modules out of it ' +
        '(`import type` is fine). A new schema module belongs in SCHEMA_MODULES in this file.',
      from: { path: '^shared/', pathNot: SCHEMA_MODULES },
      to: { path: [ZOD, SCHEMA_MODULES], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph, unfollowed, so a rule can name one (zod).
    exclude: { path: ['\\.d\\.ts$'] },
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
