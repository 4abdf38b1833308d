/**
 * Text PostgreSQL cannot store or that no honest client sends: a NUL byte (PostgreSQL refuses
 * it in text columns and the query fails) or a UTF-16 surrogate without its partner (what a
 * broken `\ud800` escape in JSON produces; it cannot be encoded as UTF-8).
 */
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No form or API of the site nests deeper; deeper input only costs the validators time. */
export const MAX_INPUT_DEPTH = 16;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

export interface InputProblem {
  field: string;
  kind: 'unsafe-text' | 'too-deep';
}

/**
 * The first problem in `value`: a string (value or object key) that is unsafe, or nesting deeper
 * than MAX_INPUT_DEPTH. Walks objects and arrays (own enumerable keys) without recursion;
 * buffers and streams are bytes, not text, and are skipped.
 */
export function findInputProblem(value: unknown, root = ''): InputProblem | null {
  const stack: [unknown, string, number][] = [[value, root, 0]];
  while (stack.length) {
    const [current, path, depth] = stack.pop()!;
    const field = path || 'body';
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return { field, kind: 'unsafe-text' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (ArrayBuffer.isView(current) || typeof (current as { pipe?: unknown }).pipe === 'function') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field, kind: 'too-deep' };
    if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, `${path}[${i}]`, depth + 1]));
      continue;
    }
    for (const key of Object.keys(current)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (isUnsafeText(key)) return { field: keyPath, kind: 'unsafe-text' };
      stack.push([(current as Record<string, unknown>)[key], keyPath, depth + 1]);
    }
  }
  return null;
}
