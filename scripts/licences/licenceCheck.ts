// The licence check: every package the installed app contains must be under licences the policy
// allows, and the GPL family only for the sandbox's own programs (ffmpeg, eSpeak NG).
import { sandboxProgramOf, type LicencePolicy, type SandboxProgram } from './licencePolicy.ts';
import { lockfileRuntimePackages, walkRuntimeTree, type Lockfile, type RuntimePackage } from './runtimeTree.ts';
import { licencesNamed, parseLicence, satisfies, type LicenceExpression } from './spdxExpression.ts';

const POLICY_FILE = 'scripts/licences/licencePolicy.ts';

/** A package's licence as the app follows it: its own SPDX expression, or the one recorded for it. */
export type ResolvedLicence =
  { ok: true; text: string; expression: LicenceExpression; recordedNote: string | undefined } | { ok: false; problem: string };

const label = (pkg: RuntimePackage): string => `${pkg.name}@${pkg.version}`;

export function resolveLicence(pkg: RuntimePackage, policy: LicencePolicy): ResolvedLicence {
  const declared = pkg.declaredLicence?.trim();
  if (!declared) {
    return { ok: false, problem: `${label(pkg)} declares no licence: read its licence files and record what they say in ${POLICY_FILE}.` };
  }
  const recorded = policy.recorded[pkg.name];
  if (recorded && recorded.declared !== declared) {
    return {
      ok: false,
      problem: `${label(pkg)} now declares "${declared}", not the "${recorded.declared}" its record in ${POLICY_FILE} was read from: read its licence again and update the record.`,
    };
  }
  const text = recorded?.expression ?? declared;
  const parsed = parseLicence(text);
  if (!parsed.ok) {
    return {
      ok: false,
      problem: `${label(pkg)} declares ${parsed.reason}: read its licence files and record what they say in ${POLICY_FILE}.`,
    };
  }
  return { ok: true, text, expression: parsed.expression, recordedNote: recorded?.note };
}

/** The licences a package may be under: the allow-list, and the GPL family for a sandbox program. */
export function allowsFor(policy: LicencePolicy, program: SandboxProgram | undefined): (id: string) => boolean {
  return (id) => policy.allowed.has(id) || (program !== undefined && policy.sandboxOnly.has(id));
}

const isGplFamily = (id: string): boolean => /^(?:A|L)?GPL-/.test(id);

function verdict(pkg: RuntimePackage, policy: LicencePolicy, chain: string[] | undefined): string | undefined {
  const licence = resolveLicence(pkg, policy);
  if (!licence.ok) return licence.problem;
  const program = sandboxProgramOf(policy, pkg.name);
  if (satisfies(licence.expression, allowsFor(policy, program))) return undefined;
  const through = chain && chain.length > 1 ? ` (through ${chain.join(' → ')})` : '';
  const gpl = licencesNamed(licence.expression).filter(isGplFamily);
  if (gpl.length > 0 && !program) {
    return (
      `${label(pkg)}${through} is under ${licence.text}, a GPL-family licence, and it would ship inside the app: ` +
      `only the sandbox's own programs (${policy.programs.map((p) => p.name).join(', ')}) may be. ` +
      'Replace it, or move it to devDependencies if the app does not need it at run time.'
    );
  }
  return (
    `${label(pkg)}${through} is under ${licence.text}, which is not on the allow-list in ${POLICY_FILE}: ` +
    'review its terms, then add the licence there or replace the package.'
  );
}

export interface LicenceCheckResult {
  packages: RuntimePackage[];
  /** One sentence per package that may not ship, naming it; empty when the tree passes. */
  problems: string[];
}

export function checkLicences(lock: Lockfile, policy: LicencePolicy): LicenceCheckResult {
  const packages = lockfileRuntimePackages(lock);
  const chains = walkRuntimeTree(lock);
  const problems = packages.flatMap((pkg) => verdict(pkg, policy, chains.get(pkg.path)) ?? []);
  return { packages, problems };
}
