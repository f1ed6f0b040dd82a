/**
 * For leak tests: a stand-in for the opencv.js module that counts the Mats and MatVectors made
 * through it and still alive. The vision takes `cv` as a parameter, so a test can pass this.
 */
import type { CV } from './load-opencv.ts';

interface Tracked {
  delete(): void;
  get?: (i: number) => Tracked;
}

export function countingCv(cv: CV): { cv: CV; live: () => number; made: () => number } {
  let live = 0;
  let made = 0;
  const track = <T extends Tracked>(obj: T): T => {
    live++;
    made++;
    const del = obj.delete.bind(obj);
    obj.delete = () => {
      live--;
      del();
    };
    // Mats taken out of a MatVector are new handles that must be freed too.
    if (typeof obj.get === 'function') {
      const get = obj.get.bind(obj);
      obj.get = (i: number) => track(get(i));
    }
    return obj;
  };
  const wrapCtor = (C: any) => new Proxy(C, { construct: (target, args) => track(Reflect.construct(target, args)) });
  const Mat = wrapCtor(cv.Mat);
  const MatVector = wrapCtor(cv.MatVector);
  const proxy = new Proxy(cv, {
    get(target, key) {
      if (key === 'Mat') return Mat;
      if (key === 'MatVector') return MatVector;
      if (key === 'matFromArray') return (...a: unknown[]) => track((target.matFromArray as (...x: unknown[]) => Tracked)(...a));
      return (target as any)[key];
    },
  });
  return { cv: proxy as CV, live: () => live, made: () => made };
}
