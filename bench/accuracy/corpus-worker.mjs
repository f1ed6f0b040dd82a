// Entry of a corpus render worker (see corpus.ts). Plain JavaScript so Node can start it; it
// loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./corpus-worker-main.ts');
