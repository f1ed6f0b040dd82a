/**
 * Every cv.Mat must be deleted (opencv.js lives in a wasm heap with no garbage collector).
 * A MatScope owns the Mats created in it and frees them all in `finally`.
 */
export interface Deletable {
  delete(): void;
  isDeleted?(): boolean;
}

export class MatScope {
  private readonly owned: Deletable[] = [];

  /** Take ownership of a Mat (or MatVector, ...) and return it. */
  keep<T extends Deletable>(m: T): T {
    this.owned.push(m);
    return m;
  }

  /** Free everything this scope owns. Safe to call twice. */
  dispose(): void {
    while (this.owned.length > 0) {
      const m = this.owned.pop()!;
      if (!(m.isDeleted?.() ?? false)) m.delete();
    }
  }
}

/** Run `fn` with a scope whose Mats are freed when it returns or throws. */
export function withMats<T>(fn: (scope: MatScope) => T): T {
  const scope = new MatScope();
  try {
    return fn(scope);
  } finally {
    scope.dispose();
  }
}
