/** Run the local server under plain Node: `npm run serve` (the UI in any browser). */
import { startServer } from './start-server.ts';

const port = Number(process.env.PORT ?? 5177);
const server = await startServer({ port });
console.log(`disc-referee server at ${server.url}`);
