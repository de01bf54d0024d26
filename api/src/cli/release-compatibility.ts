// Issue 38 §4 in `pnpm release`: the built remote's requirements against the live host and the running API.
import { buildCompatibility } from '../lib/release-store/release-requirements';

/** What the host and the API do not meet, and what was checked (each said in French). */
export interface CompatibilityOutcome {
  unmet: string[];
  /** Where the host's « provides » was read (`la version … de l'hôte`), null when no host is known. */
  from: string | null;
  /** Why the API operations were not checked (the API unreachable); absent when they were. */
  apiUnchecked?: string;
}

/**
 * The refusal of `pnpm release` (exit code « incompatible ») naming every unmet requirement, or null; what was and
 * was not checked is printed.
 */
export async function compatibilityRefusal(
  remote: string,
  distDir: string,
  check: ((requirements: Record<string, unknown>) => Promise<CompatibilityOutcome>) | undefined,
  print: (line: string) => void,
): Promise<string | null> {
  const { requirements } = await buildCompatibility(distDir);
  if (Object.keys(requirements).length === 0 || check === undefined) {
    print(`Compatibilité avec l'hôte : non vérifiée (${remote} n'a pas écrit requirements.json).`);
    return null;
  }
  const outcome = await check(requirements);
  if (outcome.unmet.length > 0)
    return `Incompatible : ${remote} requiert ce que ${outcome.from ?? "l'API"} ne fournit pas : ${outcome.unmet.join(' ; ')}. Rien n'a été publié.`;
  print(
    outcome.from === null
      ? "Compatibilité avec l'hôte : non vérifiée (aucune version de l'hôte en ligne ni host-shell/dist/provides.json)."
      : `Compatibilité avec ${outcome.from} : satisfaite.`,
  );
  if (outcome.apiUnchecked !== undefined)
    print(`Opérations d'API : non vérifiées (${outcome.apiUnchecked}).`);
  else print("Opérations d'API : toutes présentes dans l'API en service.");
  return null;
}
