// React state over the stored compare ids and appearance of the signed-in user.
import { useState } from 'react';
import { useSessionUser } from '../../lib/useSession.ts';
import type { PlotAppearance } from '../../plot/plotTypes.ts';
import {
  MAX_COMPARE,
  readAppearance,
  readCompareIds,
  writeAppearance,
  writeCompareIds,
} from './chromatogramStorage.ts';

export function useChromatogramPrefs() {
  const userId = String(useSessionUser()?.user_id ?? '');
  const [compareIds, setCompareIds] = useState(() => readCompareIds(userId));
  const [appearance, setAppearance] = useState(() => readAppearance(userId));
  return {
    userId,
    compareIds,
    toggleCompare: (id: number) => {
      const next = compareIds.includes(id)
        ? compareIds.filter((item) => item !== id)
        : [...compareIds, id].slice(-MAX_COMPARE);
      setCompareIds(next);
      writeCompareIds(userId, next);
    },
    /** Replaces the selection (a saved overlay opened). */
    replaceCompare: (ids: readonly number[]) => {
      const next = ids.slice(0, MAX_COMPARE);
      setCompareIds(next);
      writeCompareIds(userId, next);
    },
    appearance,
    changeAppearance: (changes: Partial<PlotAppearance>) => {
      const next = { ...appearance, ...changes };
      setAppearance(next);
      writeAppearance(userId, next);
    },
  };
}
