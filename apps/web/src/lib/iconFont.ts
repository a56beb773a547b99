// The self-hosted Material Icons font must load before the app mounts (spec §4, §8).

export const FONT_REQUIRED_MESSAGE = 'Material Icons font is required for the application to work properly';

/** Resolves true when the icon font face is loaded; logs the spec's message and resolves false otherwise. */
export async function ensureIconFont(fonts: Pick<FontFaceSet, 'load'> = document.fonts): Promise<boolean> {
  try {
    const faces = await fonts.load('24px "Material Icons"', 'home');
    if (faces.length > 0) return true;
  } catch {
    // reported below
  }
  console.error(FONT_REQUIRED_MESSAGE);
  return false;
}
