// The build's chunk graph from Vite's manifest (apps/web/dist/.vite/manifest.json): which files only the
// cabinet's lazy routes load, so a test can tell when a public page pulls one of them in (docs/web.md
// "First page").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server.ts';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Files of `roots` and of everything they import, following lazy imports too when `lazy` is set. */
export function closure(manifest: Manifest, roots: string[], lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
    if (lazy) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  roots.forEach(visit);
  return files;
}

/** Files the cabinet (signed-in area) loads that no public page, the sign-in area or the page extras need. */
export function cabinetOnlyFiles(manifest: Manifest): Set<string> {
  const cabinet = closure(manifest, ['src/features/cabinet/CabinetRoot.tsx'], true);
  const publicRoots = [
    'index.html',
    'src/features/public/HomePage.tsx',
    'src/features/auth/AuthArea.tsx',
    'src/features/auth/SignUpPage.tsx',
    'src/features/auth/RecoverPasswordPage.tsx',
    'src/features/auth/ResetPasswordPage.tsx',
    'src/features/auth/GoogleSignInButton.tsx',
    'src/features/workspaces/VerifyEmailPage.tsx',
    'src/components/PageExtras.tsx',
    'src/features/public/HardwarePage.tsx',
    'src/features/public/ContactPage.tsx',
    'src/features/public/NotFoundPage.tsx',
  ];
  const shared = closure(manifest, publicRoots, false);
  return new Set([...cabinet].filter((file) => !shared.has(file)));
}
