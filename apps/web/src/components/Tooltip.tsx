// Tooltips with tippy.js and the two option sets of spec §9 (signed-in app, shared view).
import { useEffect, useRef, type ReactElement } from 'react';
import tippy, { type Props } from 'tippy.js';
import 'tippy.js/dist/tippy.css';
import { APP_TOOLTIP, SHARED_TOOLTIP } from '../lib/constants.ts';

export function tooltipOptions(variant: 'app' | 'shared'): Partial<Props> {
  return variant === 'shared'
    ? {
        maxWidth: SHARED_TOOLTIP.maxWidth,
        offset: [0, SHARED_TOOLTIP.distance],
        zIndex: SHARED_TOOLTIP.zIndex,
      }
    : {
        delay: APP_TOOLTIP.delay,
        duration: APP_TOOLTIP.delay,
        maxWidth: APP_TOOLTIP.maxWidth,
        arrow: APP_TOOLTIP.arrow,
      };
}

/** Wraps one element; the tooltip text is the `content`. */
export function Tooltip({
  content,
  variant = 'app',
  children,
}: {
  content: string;
  variant?: 'app' | 'shared';
  children: ReactElement;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const target = anchor.current?.firstElementChild;
    if (!target) return;
    const instance = tippy(target, { ...tooltipOptions(variant), content });
    return () => instance.destroy();
  }, [content, variant]);
  return (
    <span ref={anchor} className="tooltip-anchor">
      {children}
    </span>
  );
}
