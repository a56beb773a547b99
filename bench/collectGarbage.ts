// A full garbage collection on demand, for benchmarks that measure memory or start each case from a
// collected heap: exposes V8's `gc` in this process without a command-line flag.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
export const collectGarbage = runInNewContext('gc') as () => void;
