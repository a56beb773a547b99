// The instrument clock as the server keeps it: run times and device timestamps are server times.
import { useEffect, useState } from 'react';
import { userRealtime } from '../../api/realtime.ts';
import { serverClockOffsetMs } from '../../api/rpc.ts';
import { notifyError } from '../../lib/toast.ts';
import { formatTime } from '../../lib/time.ts';

const TICK_MS = 10_000;

export function ServerClock() {
  const [offsetMs, setOffsetMs] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let active = true;
    serverClockOffsetMs(userRealtime()).then(
      (offset) => active && setOffsetMs(offset),
      (error: Error) => active && notifyError(error.message),
    );
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, []);
  return (
    <p className="cabinet__lead" data-testid="server-clock">
      Server time {formatTime(offsetMs === null ? null : now + offsetMs)}
    </p>
  );
}
