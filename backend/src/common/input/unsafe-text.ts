/**
 * Text PostgreSQL cannot store or that no honest client sends: a NUL byte (PostgreSQL refuses
 * it in text columns and the query fails) or a UTF-16 surrogate without its partner (what a
 * broken `\ud800` escape in JSON produces; it cannot be encoded as UTF-8).
 */
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/**
 * The path of the first string (value or object key) in `value` that is unsafe, or null.
 * Walks objects and arrays (own enumerable keys); buffers and streams are not text.
 */
export function findUnsafeText(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return path || 'value';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
      continue;
    }
    // Uploads arrive as buffers or streams: bytes, not text.
    if (ArrayBuffer.isView(current) || typeof (current as { pipe?: unknown }).pipe === 'function') continue;
    for (const key of Object.keys(current)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (isUnsafeText(key)) return keyPath;
      stack.push([(current as Record<string, unknown>)[key], keyPath]);
    }
  }
  return null;
}
