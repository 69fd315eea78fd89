// A Screen Wake Lock while a game runs, so a phone lying on the table does not sleep mid-game.
// The browser drops the lock whenever the page is hidden: it is asked for again on return.

let wanted = false;
let lock = null;

async function acquire() {
  if (!wanted || lock || document.visibilityState !== 'visible' || !navigator.wakeLock) return;
  try {
    lock = await navigator.wakeLock.request('screen');
    lock.addEventListener('release', () => { lock = null; });
  } catch {
    lock = null; // refused (battery saver, no permission): the game goes on without it
  }
}

document.addEventListener('visibilitychange', acquire);

export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else if (lock) {
    const held = lock;
    lock = null;
    held.release().catch(() => {});
  }
}

export function awake() {
  return lock !== null;
}
