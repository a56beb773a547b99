// A small least-recently-used map for the document and plan caches.
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Re-inserting keeps recently used entries at the end, so eviction drops the least recent.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The entries from least to most recently used, without touching their order. */
  values(): IterableIterator<V> {
    return this.entries.values();
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
