// A module the network failed to bring (a phone's Wi-Fi dropping one request) left its screen
// blank for the rest of the evening, and a browser may keep that failure for the page (the
// module map), so importing it again would not help everywhere. Such a failure loads the page
// again instead, after a moment: at most RELOADS times within WINDOW_MS, so a file that is
// really missing does not reload the page for ever.

const KEY = 'tictac.module-reloads';
const RELOADS = 3;
const WINDOW_MS = 60_000;

// What each browser says when a module could not be fetched (Chromium, Firefox, Safari).
const MISSING = /dynamically imported module|Importing a module script failed/;

function isMissingModule(error) {
  return error instanceof TypeError && MISSING.test(error.message);
}

function recentReloads(now) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) || '[]');
    return Array.isArray(kept) ? kept.filter((at) => typeof at === 'number' && now - at < WINDOW_MS) : [];
  } catch {
    return [];
  }
}

/** True if `error` is a module the network did not bring and the page will load again. */
function reloadForMissingModule(error) {
  if (!isMissingModule(error)) return false;
  const now = Date.now();
  const reloads = recentReloads(now);
  if (reloads.length >= RELOADS) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...reloads, now]));
  } catch {
    return false; // no memory of reloads: never risk a loop
  }
  setTimeout(() => location.reload(), 500 * (reloads.length + 1));
  return true;
}

/** `load()`'s module; a module the network did not bring loads the page again (and this never
 * resolves). */
export async function loadModule(load) {
  try {
    return await load();
  } catch (error) {
    if (reloadForMissingModule(error)) return new Promise(() => {});
    throw error;
  }
}
