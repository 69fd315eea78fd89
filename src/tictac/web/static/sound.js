// Sound cues made here, from oscillators and gain envelopes (no audio files): the shared ones
// (your turn, five seconds left, time's up) and those a game's module brings in its `sounds`
// (gamemodule.js). Browsers let a page make sound only after a tap, so the first tap anywhere
// opens the audio. The mute choice is remembered per kind of screen: the TV starts with sound,
// a phone without. A cue is also written as a caption and buzzed when its person asked for it
// (prefs.js), muted or not: `cue` is the one way every cue is given.

import { has, t } from './i18n.js';
import { prefs, caption } from './prefs.js';

const STORE_KEY = 'tictac.sound';

// Each cue is a list of notes: [start s, frequency Hz, length s, waveform, loudness 0-1].
const CUES = {
  turn: [[0, 660, 0.12, 'sine', 0.3], [0.14, 880, 0.18, 'sine', 0.3]],
  five: [[0, 1000, 0.08, 'square', 0.12]],
  timeup: [[0, 880, 0.25, 'sawtooth', 0.2], [0.3, 660, 0.25, 'sawtooth', 0.2], [0.6, 440, 0.45, 'sawtooth', 0.2]],
};

let audio = null;

function open() {
  if (audio) return audio;
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (Ctx) audio = new Ctx();
  } catch { audio = null; }
  return audio;
}

addEventListener('pointerdown', () => {
  if (open() && audio.state === 'suspended') audio.resume();
}, { capture: true });

function stored() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY)) || {}; } catch { return {}; }
}

// `screen` is 'tv' or 'phone'.
export function soundOn(screen) {
  const saved = stored()[screen];
  return saved === undefined ? screen === 'tv' : saved;
}

export function setSound(screen, on) {
  try { localStorage.setItem(STORE_KEY, JSON.stringify({ ...stored(), [screen]: on })); } catch { /* private mode */ }
}

// Cues asked for and cues played so far on this page, so tests can tell a muted cue from one
// that was never asked for.
export const asked = [];
export const played = [];

// Gives cue `name`: plays it (one of a game's `sounds` when given, else a shared one), writes
// its caption and buzzes `buzz` (a navigator.vibrate pattern), each as the person chose.
export function cue(name, screen, sounds = {}, buzz = null) {
  const notes = sounds[name] || CUES[name];
  if (!notes) return;
  asked.push(name);
  window.__tictacCues = { asked, played };
  const chosen = prefs();
  if (chosen.captions) caption(has(`caption.${name}`) ? t(`caption.${name}`) : name, name);
  if (buzz && chosen.vibrate && navigator.vibrate) navigator.vibrate(buzz);
  if (!soundOn(screen)) return;
  played.push(name);
  const ctx = open();
  if (!ctx || ctx.state !== 'running') return;
  const start = ctx.currentTime + 0.01;
  for (const [at, freq, length, wave, loud] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(loud, start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}

// The mute control: a toggle button ("Mute", pressed while the sound is off).
export function muteButton(screen, label) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'mute';
  button.textContent = label;
  const paint = () => button.setAttribute('aria-pressed', String(!soundOn(screen)));
  button.addEventListener('click', () => { setSound(screen, !soundOn(screen)); paint(); });
  paint();
  return button;
}
