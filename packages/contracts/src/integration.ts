// A manual integration edit on a result's peaks, as the web sends it and the server applies it.
export type IntegrationEdit =
  | { operation: 'move'; peak_number: number; start_sec?: number; end_sec?: number }
  | { operation: 'split'; peak_number: number; at_sec: number }
  | { operation: 'merge'; peak_numbers: [number, number] }
  | { operation: 'delete'; peak_number: number }
  | { operation: 'add'; start_sec: number; end_sec: number };
