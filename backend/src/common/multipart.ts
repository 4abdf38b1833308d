/**
 * @fastify/multipart as the app registers it, with one change: the `onResponse` hook that deletes
 * the files a request spooled to disk (`req.saveRequestFiles()`) is a callback hook that returns
 * at once when the request spooled none. The plugin's own hook is an async function: a promise and
 * a turn of the microtask queue on every answer, the cached blog reads included, for a cleanup
 * that has nothing to do unless files were saved. Everything else is the plugin's own.
 */
import { fastifyMultipart, type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the plugin decorates every request with (its own types augment another copy of fastify's). */
type SpoolingRequest = FastifyRequest & { tmpUploads: string[] | null; cleanRequestFiles(): Promise<void> };

function cleanSpooledFiles(req: SpoolingRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  if (!req.tmpUploads?.length) return done();
  req.cleanRequestFiles().then(() => done(), done);
}

function multipart(
  instance: FastifyInstance,
  options: FastifyMultipartOptions,
  done: (err?: Error) => void,
): void {
  const addHook = instance.addHook;
  let swapped = 0;
  // Only while the plugin registers (it does so synchronously): its one onResponse hook is swapped.
  instance.addHook = function (this: FastifyInstance, name: string, hook: unknown) {
    if (name !== 'onResponse') return addHook.call(this, name as never, hook as never);
    swapped++;
    return addHook.call(this, 'onResponse', cleanSpooledFiles as never);
  } as FastifyInstance['addHook'];
  try {
    fastifyMultipart(instance, options, (err?: Error) => {
      // A plugin that adds another onResponse hook is not the one this file was written for.
      done(
        err ??
          (swapped === 1
            ? undefined
            : new Error(`@fastify/multipart added ${swapped} onResponse hooks, 1 expected`)),
      );
    });
  } finally {
    instance.addHook = addHook;
  }
}

const meta = fastifyMultipart as unknown as Record<symbol, unknown>;
/** Registered at the root as the plugin itself is (fastify-plugin's marks copied). */
export const multipartPlugin = Object.assign(multipart, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('plugin-meta')]: meta[Symbol.for('plugin-meta')],
  [Symbol.for('fastify.display-name')]: meta[Symbol.for('fastify.display-name')],
});
