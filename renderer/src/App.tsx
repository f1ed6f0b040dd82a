/** Operator UI entry: lists the games the local server knows. */
import { useEffect, useState } from 'react';

interface GameInfo {
  id: string;
  name: string;
  variants: string[];
}

export function App() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/games')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`server answered ${r.status}`))))
      .then((g: GameInfo[]) => setGames(g))
      .catch((e: Error) => setError(e.message));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>disc-referee</h1>
      {error && <p role="alert">Cannot reach the local server: {error}</p>}
      {!games && !error && <p>Loading…</p>}
      {games && (
        <ul aria-label="games">
          {games.map((g) => (
            <li key={g.id}>
              {g.name} <small>({g.variants.join(', ')})</small>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
