// Keeps the screen on while a game runs, so a phone lying on the table does not sleep mid-game.
//
// In a secure context (https, localhost) a Screen Wake Lock does it. The browser drops the lock
// whenever the page is hidden: it is asked for again on return. On plain http at a LAN address —
// the usual party, where the Wake Lock API does not exist — a playing video does, as before that
// API: a browser keeps the screen on while a video plays on a visible page. The video is a
// canvas's stream made here (no file to fetch), 2 pixels in a corner: Chromium counts a stream's
// video however small, as long as it is on screen. Muted and inline, it may play without a tap;
// a browser that wants one gets another try at every tap.

let wanted = false;
let lock = null;
let asking = false; // a wake lock request is on its way
let video = null; // the keep-awake video, made when first needed
let paint = null; // changes its canvas's pixels, so that the stream has new frames
let painter = null; // the timer calling paint while the video plays

function keepAwakeVideo() {
  if (video) return video;
  const canvas = document.createElement('canvas');
  canvas.width = 2;
  canvas.height = 2;
  const pen = canvas.getContext('2d');
  let frame = 0;
  paint = () => {
    frame += 1;
    pen.fillStyle = frame % 2 ? '#000' : '#010101';
    pen.fillRect(0, 0, 2, 2);
  };
  paint();
  video = document.createElement('video');
  video.className = 'keep-awake';
  video.muted = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.setAttribute('aria-hidden', 'true');
  video.disablePictureInPicture = true;
  video.style.cssText = 'position:fixed;left:0;bottom:0;width:2px;height:2px;opacity:0.01;pointer-events:none';
  video.srcObject = canvas.captureStream(1);
  document.body.append(video);
  return video;
}

function playVideo() {
  const keeper = keepAwakeVideo();
  if (!painter) painter = setInterval(paint, 1000);
  if (keeper.paused) keeper.play().catch(() => {}); // refused before a tap: the next tap retries
}

function stopVideo() {
  clearInterval(painter);
  painter = null;
  if (video) video.pause();
}

async function acquire() {
  if (!wanted || document.visibilityState !== 'visible') return;
  if (!navigator.wakeLock) {
    playVideo();
    return;
  }
  if (lock || asking) return;
  asking = true;
  try {
    lock = await navigator.wakeLock.request('screen');
    lock.addEventListener('release', () => { lock = null; });
    stopVideo();
    if (!wanted) release();
  } catch {
    lock = null; // refused (battery saver, no permission): the video instead
    playVideo();
  } finally {
    asking = false;
  }
}

function release() {
  stopVideo();
  if (lock) {
    const held = lock;
    lock = null;
    held.release().catch(() => {});
  }
}

document.addEventListener('visibilitychange', acquire);
document.addEventListener('pointerdown', () => { if (wanted && !lock) acquire(); }, true);

export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else release();
}

// What keeps the screen on now: 'lock', 'video' or null.
export function awakeBy() {
  if (lock) return 'lock';
  return video && !video.paused ? 'video' : null;
}

export function awake() {
  return awakeBy() !== null;
}
