// Version gating of spec §4: is the server's build newer than the one running in this tab?

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const DEV_BUILD = /^dev\w{8}$/;

export const INVALID_VERSION_MESSAGE = 'Version is invalid! Should be a valid semver version!';

interface Semver {
  core: [number, number, number];
  prerelease: string[];
}

function parse(version: string): Semver {
  const match = SEMVER.exec(version.trim().replace(/^v/, ''));
  if (!match) throw new Error(INVALID_VERSION_MESSAGE);
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

function compareIdentifiers(a: string, b: string): number {
  const aNumeric = /^\d+$/.test(a);
  const bNumeric = /^\d+$/.test(b);
  if (aNumeric && bNumeric) return Math.sign(Number(a) - Number(b));
  if (aNumeric) return -1;
  if (bNumeric) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Semver precedence: -1, 0 or 1. Throws {@link INVALID_VERSION_MESSAGE} for anything else. */
export function compareVersions(left: string, right: string): number {
  const a = parse(left);
  const b = parse(right);
  for (let index = 0; index < 3; index += 1) {
    const difference = Math.sign(a.core[index]! - b.core[index]!);
    if (difference !== 0) return difference;
  }
  // A version without pre-release ranks above the same version with one (1.0.0-rc < 1.0.0).
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return Math.sign(b.prerelease.length - a.prerelease.length);
  }
  const length = Math.max(a.prerelease.length, b.prerelease.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.prerelease[index];
    const y = b.prerelease[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const difference = compareIdentifiers(x, y);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * True when the server's version is greater than the client's. Development builds (`dev` + eight word
 * characters) cannot be ordered, so any difference counts.
 * @example isServerVersionGreater('1.22.0', '1.21.0-10') // true
 */
export function isServerVersionGreater(serverVersion: string, clientVersion: string): boolean {
  if (DEV_BUILD.test(serverVersion) || DEV_BUILD.test(clientVersion)) {
    return serverVersion !== clientVersion;
  }
  return compareVersions(serverVersion, clientVersion) > 0;
}
