/**
 * Sets key in a map that keeps at most limit entries: the oldest set gives way (a Map iterates in
 * the order its keys were set, and setting a key again moves it last).
 */
export function keepBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number) {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** One map per database handle, made on first use (each driver's handle keeps its own). */
export function mapsPerDb<V>(): (db: object) => Map<string, V> {
  const all = new WeakMap<object, Map<string, V>>();
  return (db) => {
    let map = all.get(db);
    if (!map) all.set(db, (map = new Map()));
    return map;
  };
}
