/**
 * A benchmark flag holding a JSON object of options to compare one (`--detect`, `--track`):
 * parsed and checked against the defaults object's keys; a bad value ends the run with a
 * usage error (exit 2).
 */
export function optionsFromJson<T extends object>(flag: string, json: string | undefined, defaults: T): Partial<T> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = null;
  }
  const object = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  const unknownKeys = object ? Object.keys(object).filter((k) => !(k in defaults)) : [];
  if (!object || unknownKeys.length > 0) {
    console.error(`${flag} takes a JSON object of options, e.g. '{"${Object.keys(defaults)[0]}": ...}'${unknownKeys.length ? ` (unknown: ${unknownKeys.join(', ')})` : ''}`);
    process.exit(2);
  }
  return object as Partial<T>;
}
