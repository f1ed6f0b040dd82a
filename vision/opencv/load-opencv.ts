/**
 * Loading opencv.js (@techstark/opencv-js) safely, in Node and in a browser worker.
 *
 * Two traps: the module object has a `then` (so awaiting it, or returning it from an async
 * function, hangs forever), and under Node it installs an unhandledRejection handler that
 * aborts the process. We resolve a wrapper object instead of the module itself, and remove
 * handlers it added.
 */
import type * as OpenCv from '@techstark/opencv-js';

export type CV = typeof OpenCv;

/** Wrapped so a Promise never sees the module's own `then`. */
export interface OpenCvHandle {
  cv: CV;
}

let loading: Promise<OpenCvHandle> | null = null;

function whenReady(mod: any): Promise<OpenCvHandle> {
  return new Promise((resolve) => {
    if (mod.Mat && (mod.calledRun ?? true)) {
      resolve({ cv: mod as CV });
      return;
    }
    const previous = mod.onRuntimeInitialized;
    mod.onRuntimeInitialized = () => {
      if (typeof previous === 'function') previous();
      resolve({ cv: mod as CV });
    };
  });
}

async function loadInNode(): Promise<OpenCvHandle> {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const before = new Set(process.listeners('unhandledRejection'));
  const beforeUncaught = new Set(process.listeners('uncaughtException'));
  const mod = require('@techstark/opencv-js');
  const handle = await whenReady(mod);
  for (const l of process.listeners('unhandledRejection')) if (!before.has(l)) process.removeListener('unhandledRejection', l);
  for (const l of process.listeners('uncaughtException')) if (!beforeUncaught.has(l)) process.removeListener('uncaughtException', l);
  return handle;
}

async function loadInBrowser(): Promise<OpenCvHandle> {
  const mod: any = await import('@techstark/opencv-js');
  return whenReady(mod.default ?? mod);
}

/** The shared opencv.js instance (loaded once per process or worker). */
export function loadOpenCv(): Promise<OpenCvHandle> {
  if (!loading) {
    const isNode = typeof process !== 'undefined' && !!process.versions?.node;
    loading = isNode ? loadInNode() : loadInBrowser();
  }
  return loading;
}
