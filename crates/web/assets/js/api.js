// The JSON API of `fdoku serve` (docs/api.md): one call per request, an
// error carrying the server's message and HTTP status.

/** A failed API call: the server's message (or why there was none) and the HTTP status (0: no answer). */
class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** GET /api/<name> without a body, POST with `body` as JSON; the answer's JSON. */
export async function api(name, body) {
  const init = body === undefined
    ? { method: 'GET' }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  let res;
  try {
    res = await fetch('/api/' + name, init);
  } catch (e) {
    throw new ApiError(`the server did not answer (${e.message})`, 0);
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status);
  }
  return data;
}
